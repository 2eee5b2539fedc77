// @vitest-environment happy-dom
import { createStore } from "jotai";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import { openConversationAtom } from "../../../state/testFrameChat";
import { click, mount, routedFetch, settle, typeInto, type Mounted } from "../../panels/panelTesting";
import { ChatBox } from "./ChatBox";

const FRAME = "testframe-1:0";
const page2 = { name: "قیمت‌ها.pdf", node_id: 4, file_id: 1, from: { kind: "page", page: 2 }, to: { kind: "page", page: 2 } };
const rows = { name: "prices.csv", node_id: 4, file_id: 2, from: { kind: "row", sheet: "", row: 3 }, to: { kind: "row", sheet: "", row: 4 } };

/** A streamed answer as the server sends it, one SSE event per turn event. */
function sse(events: unknown[]): Response {
  const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
  return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
}

let view: Mounted;

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
});

const sourcesLines = () => [...view.host.querySelectorAll('[data-testid="testframe-sources"]')].map((e) => e.textContent);

describe("ChatBox", () => {
  it("shows an answer's sources under it as the stream names them", async () => {
    routedFetch(
      (call) => (call.url === "/api/playground/assistants/7/conversations" ? json(201, { id: 12, assistant_id: 7, channel: "playground", title: "", created_at: "", updated_at: "" }) : undefined),
      (call) =>
        call.url === "/api/playground/conversations/12/messages"
          ? sse([
              { type: "started", conversation_id: 12, user_message_id: 1 },
              { type: "tool_call", id: "c", name: "file_search", kind: "knowledge", arguments: '{"query":"قيمت"}' },
              { type: "tool_result", id: "c", name: "file_search", ok: true, output: "{}" },
              { type: "delta", text: "۱۲۰ هزار تومان" },
              { type: "sources", sources: [page2, page2, rows] },
              { type: "done", status: "completed", message_id: 3, usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }, credits: 1, balance: 9 },
            ])
          : undefined,
    );
    view = await mount(createStore(), <ChatBox chatId={FRAME} assistantId={7} />);
    typeInto(view.host.querySelector("textarea")!, "قيمت اشتراك؟");
    click(view.host.querySelector('[data-testid="testframe-send"]'));
    await settle();
    await settle();
    // Under the answer, not under the tool call before it; each place once.
    const answers = [...view.host.querySelectorAll('[data-testid="testframe-message-assistant"]')];
    expect(answers.at(-1)?.querySelector('[data-testid="testframe-sources"]')?.textContent).toBe(
      "منابع: قیمت‌ها.pdf، صفحهٔ ۲، prices.csv، ردیف‌های ۳ تا ۴",
    );
    expect(sourcesLines()).toHaveLength(1);
  });

  it("shows a stored answer's sources, and none under an answer without", async () => {
    routedFetch((call) =>
      call.url === "/api/playground/conversations/12"
        ? json(200, {
            id: 12,
            assistant_id: 7,
            channel: "playground",
            title: "",
            created_at: "",
            updated_at: "",
            pending_calls: [],
            messages: [
              { id: 1, role: "user", content: "قیمت؟", tool_calls: [], sources: [], created_at: "" },
              { id: 2, role: "assistant", content: "۱۲۰ هزار تومان", tool_calls: [], sources: [page2], created_at: "" },
              { id: 3, role: "user", content: "ممنون", tool_calls: [], sources: [], created_at: "" },
              { id: 4, role: "assistant", content: "خواهش می‌کنم", tool_calls: [], sources: [], created_at: "" },
            ],
          })
        : undefined,
    );
    const store = createStore();
    view = await mount(store, <ChatBox chatId={FRAME} assistantId={7} />);
    await act(() => store.set(openConversationAtom, FRAME, 12));
    await settle();
    expect(sourcesLines()).toEqual(["منابع: قیمت‌ها.pdf، صفحهٔ ۲"]);
  });
});
