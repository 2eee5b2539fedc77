// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_LENGTH, parseHash, startChat } from "./app";
import { chatText } from "./i18n";
import type { FrameConfig } from "./protocol";

const CONFIG: FrameConfig = {
  key: "pk_1",
  active: true,
  offline_message: null,
  appearance: { title: "Help", welcome: "Welcome!", color: "#ffeb3b", position: "bottom-right", theme: "dark" },
};
const PARENT = {} as Window;

type Reply = Response | Error;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const refusal = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: `server says ${code}`, details: null } }, headers);

/** An answer's stream the test writes into as it goes. */
function stream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const response = { ok: true, status: 200, headers: new Headers({ "Content-Type": "text/event-stream" }), body };
  const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  return {
    response: response as unknown as Response,
    push: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    event: (type: string, data: object) => controller.enqueue(new TextEncoder().encode(event(type, data))),
    close: () => controller.close(),
  };
}

/** A whole answer at once. */
function answered(...deltas: string[]) {
  const s = stream();
  s.event("started", { conversation_id: 1 });
  deltas.forEach((text) => s.event("delta", { text }));
  s.event("done", { status: "completed" });
  s.close();
  return s.response;
}

function mount(routes: Record<string, Reply[]>, config: FrameConfig = CONFIG, token = "t1") {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const next = routes[`${init.method} ${url.replace("/api/widget/pk_1", "")}`]?.shift();
    if (!next) throw new Error(`unexpected ${init.method} ${url}`);
    if (next instanceof Error) throw next;
    return next;
  });
  const root = document.createElement("div");
  document.body.replaceChildren(root);
  const events = new EventTarget();
  const parent = { post: vi.fn(), isParent: (source: unknown) => source === PARENT };
  const chat = startChat({
    root,
    config,
    token,
    parent,
    events,
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep: async () => {},
  });
  const message = (data: unknown, source: unknown = PARENT) =>
    events.dispatchEvent(Object.assign(new Event("message"), { data, source }));
  const key = (k: string, shiftKey = false) =>
    new KeyboardEvent("keydown", { key: k, shiftKey, bubbles: true, cancelable: true });
  const bubbles = () => [...root.querySelectorAll(".dc-msg")];
  const auth = (i: number) => new Headers(fetch.mock.calls[i][1].headers).get("Authorization");
  return { chat, root, fetch, parent, events, message, key, bubbles, auth };
}

const empty = () => json(200, { id: null, messages: [] });

afterEach(() => vi.useRealTimers());

describe("the chat page", () => {
  it("reads the token and visitor from the fragment", () => {
    expect(parseHash("#token=a.b%2Bc&visitor=v_1234567890abcdef")).toEqual({ token: "a.b+c", visitor: "v_1234567890abcdef" });
    expect(parseHash("")).toEqual({ token: "", visitor: "" });
  });

  it("shows the theme, a readable header, the welcome and the stored history", async () => {
    const { chat, root, bubbles } = mount({
      "GET /conversation": [
        json(200, {
          id: 4,
          messages: [
            { id: 1, role: "user", content: "<b>hi</b>", created_at: "" },
            { id: 2, role: "assistant", content: "**bold** answer", created_at: "" },
          ],
        }),
      ],
    });
    await chat.ready;
    expect(root.dataset.theme).toBe("dark");
    expect(root.style.getPropertyValue("--on-accent")).toBe("#111111"); // dark text on yellow
    expect(root.querySelector("h1")?.textContent).toBe("Help");
    const [welcome, mine, theirs] = bubbles();
    expect(bubbles()).toHaveLength(3);
    expect(welcome.textContent).toContain("Welcome!");
    expect(mine.classList.contains("dc-user")).toBe(true);
    expect(mine.querySelector("b")).toBeNull();
    expect(mine.textContent).toContain("<b>hi</b>");
    expect(theirs.querySelector("strong")?.textContent).toBe("bold");
    for (const b of bubbles()) expect(b.getAttribute("dir")).toBe("auto");
    expect(chat.list.getAttribute("aria-live")).toBe("polite");
    expect(chat.sendButton.disabled).toBe(false);
  });

  it("streams an answer: typing first, then the deltas, input locked until done", async () => {
    const s = stream();
    const { chat, fetch, bubbles } = mount({ "GET /conversation": [empty()], "POST /messages": [s.response] });
    await chat.ready;
    chat.input.value = "  hello  ";
    const sent = chat.submit();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(JSON.parse(fetch.mock.calls[1][1].body as string)).toEqual({ content: "hello" });
    expect(new Headers(fetch.mock.calls[1][1].headers).get("Idempotency-Key")).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(chat.input.value).toBe("");
    expect(chat.sendButton.disabled).toBe(true);
    expect(bubbles()[1].textContent).toContain("hello");
    expect(bubbles()[2].querySelector(".dc-typing")).not.toBeNull();
    s.event("started", { conversation_id: 7 });
    s.push(': ping\n\nevent: delta\ndata: {"type":"delta","te');
    s.push('xt":"Hel"}\n\n');
    s.event("delta", { text: "lo **you**" });
    s.event("done", { status: "completed" });
    s.close();
    await sent;
    const answer = bubbles()[2];
    expect(answer.textContent).toContain("Hello you");
    expect(answer.querySelector("strong")?.textContent).toBe("you");
    expect(answer.querySelector(".dc-typing")).toBeNull();
    expect(answer.querySelector(".dc-err")).toBeNull();
    expect(answer.getAttribute("aria-busy")).toBe("false");
    expect(chat.sendButton.disabled).toBe(false);
  });

  it("shows an error after a partial answer, and a cut stream as interrupted", async () => {
    const s = stream();
    s.event("delta", { text: "part" });
    s.event("error", { code: "assistant_unavailable", message: "unavailable now" });
    s.event("done", { status: "failed" });
    s.close();
    const cut = stream();
    cut.event("delta", { text: "half" });
    cut.close();
    const { chat, bubbles } = mount({ "GET /conversation": [empty()], "POST /messages": [s.response, cut.response] });
    await chat.ready;
    chat.input.value = "one";
    await chat.submit();
    expect(bubbles()[2].textContent).toContain("part");
    expect(bubbles()[2].querySelector(".dc-err")?.textContent).toBe("unavailable now");
    chat.input.value = "two";
    await chat.submit();
    expect(bubbles()[4].textContent).toContain("half");
    expect(bubbles()[4].querySelector(".dc-err")?.textContent).toBe(chatText.interrupted);
  });

  it("on 401 asks the loader to renew, takes the token from the parent only, and retries once", async () => {
    const { chat, fetch, parent, message, bubbles, auth } = mount({
      "GET /conversation": [empty()],
      "POST /messages": [refusal(401, "widget_session_expired"), answered("fresh")],
    });
    await chat.ready;
    chat.input.value = "hi";
    const sent = chat.submit();
    await vi.waitFor(() => expect(parent.post).toHaveBeenCalledWith({ type: "dastyar:renew" }));
    message({ type: "dastyar:token", token: "evil" }, {} as Window); // not the parent: ignored
    message({ type: "dastyar:other", token: "evil" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).toHaveBeenCalledTimes(2); // still waiting for the token
    message({ type: "dastyar:token", token: "t2" });
    await sent;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect([auth(1), auth(2)]).toEqual(["Bearer t1", "Bearer t2"]);
    expect(bubbles()[2].textContent).toContain("fresh");
  });

  it("shows the message when no token comes within five seconds, keeping the text", async () => {
    vi.useFakeTimers();
    const { chat, fetch, parent, bubbles } = mount({
      "GET /conversation": [empty()],
      "POST /messages": [refusal(401, "widget_session_expired")],
    });
    await chat.ready;
    chat.input.value = "still here";
    const sent = chat.submit();
    await vi.advanceTimersByTimeAsync(4_900);
    expect(parent.post).toHaveBeenCalledTimes(1);
    expect(chat.status.textContent).toBe("");
    await vi.advanceTimersByTimeAsync(200);
    await sent;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(chat.status.textContent).toBe("server says widget_session_expired");
    expect(chat.input.value).toBe("still here");
    expect(bubbles()).toHaveLength(1); // the welcome only
  });

  it("on 429 shows the message and keeps send off for Retry-After seconds, counted in Persian digits", async () => {
    vi.useFakeTimers();
    const { chat } = mount({
      "GET /conversation": [empty()],
      "POST /messages": [refusal(429, "too_many_requests", { "Retry-After": "3" }), answered("ok")],
    });
    await chat.ready;
    chat.input.value = "again";
    await chat.submit();
    expect(chat.status.textContent).toBe("server says too_many_requests");
    expect(chat.input.value).toBe("again");
    expect(chat.sendButton.disabled).toBe(true);
    expect(chat.wait.textContent).toBe(chatText.waitSeconds(3));
    expect(chat.wait.textContent).toContain("۳");
    await chat.submit(); // refused while waiting: no request
    await vi.advanceTimersByTimeAsync(1_000);
    expect(chat.wait.textContent).toContain("۲");
    expect(chat.sendButton.disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(chat.sendButton.disabled).toBe(false);
    expect(chat.wait.textContent).toBe("");
  });

  it("keeps the typed text on a network failure and reuses the message's key when it is sent again", async () => {
    const { chat, fetch, bubbles } = mount({
      "GET /conversation": [empty()],
      "POST /messages": [new TypeError("Failed to fetch"), answered("got it")],
    });
    await chat.ready;
    chat.input.value = "important";
    await chat.submit();
    expect(chat.status.textContent).toBe(chatText.network);
    expect(chat.input.value).toBe("important");
    expect(bubbles()).toHaveLength(1);
    await chat.submit();
    const keys = fetch.mock.calls.slice(1).map((c) => new Headers(c[1].headers).get("Idempotency-Key"));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(chat.status.textContent).toBe("");
    expect(bubbles()[2].textContent).toContain("got it");
  });

  it("goes offline on frame_inactive", async () => {
    const { chat } = mount({ "GET /conversation": [empty()], "POST /messages": [refusal(409, "frame_inactive")] });
    await chat.ready;
    chat.input.value = "hi";
    await chat.submit();
    expect(chat.offlineNote.hidden).toBe(false);
    expect(chat.offlineNote.textContent).toBe("server says frame_inactive");
    expect(chat.input.disabled).toBe(true);
    expect(chat.sendButton.disabled).toBe(true);
  });

  it("shows the offline message and no input for an inactive frame", async () => {
    const { chat, root, fetch } = mount({}, { ...CONFIG, active: false, offline_message: "offline now" });
    await chat.ready;
    expect(root.querySelector("form")).toBeNull();
    expect(root.querySelector("textarea")).toBeNull();
    expect(chat.offlineNote.textContent).toBe("offline now");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses a message over the length limit without sending it", async () => {
    const { chat, fetch } = mount({ "GET /conversation": [empty()] });
    await chat.ready;
    chat.input.value = "x".repeat(MAX_LENGTH + 1);
    await chat.submit();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(chat.status.textContent).toBe(chatText.tooLong(MAX_LENGTH));
  });

  it("sends on Enter, not on Shift+Enter; Escape and the close button ask to close", async () => {
    const { chat, fetch, parent, key, events } = mount({ "GET /conversation": [empty()], "POST /messages": [answered("a")] });
    await chat.ready;
    chat.input.value = "line";
    chat.input.dispatchEvent(key("Enter", true));
    expect(fetch).toHaveBeenCalledTimes(1);
    chat.input.dispatchEvent(key("Enter"));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    events.dispatchEvent(key("Escape"));
    expect(parent.post).toHaveBeenCalledWith({ type: "dastyar:close" });
    parent.post.mockClear();
    (chat.newButton.nextElementSibling as HTMLButtonElement).click();
    expect(parent.post).toHaveBeenCalledWith({ type: "dastyar:close" });
  });

  it("shows an answer's sources under it, from the history and the stream, as text only", async () => {
    const page2 = { name: "<img src=x>.pdf", node_id: 4, file_id: 1, from: { kind: "page", page: 2 }, to: { kind: "page", page: 2 } };
    const rows = { name: "prices.xlsx", node_id: 4, file_id: 2, from: { kind: "row", sheet: "تعرفه", row: 2 }, to: { kind: "row", sheet: "تعرفه", row: 5 } };
    const s = stream();
    const { chat, bubbles } = mount({
      "GET /conversation": [
        json(200, {
          id: 4,
          messages: [
            { id: 1, role: "user", content: "قیمت؟", created_at: "", sources: [] },
            { id: 2, role: "assistant", content: "۱۲۰ هزار", created_at: "", sources: [page2] },
          ],
        }),
      ],
      "POST /messages": [s.response],
    });
    await chat.ready;
    expect(bubbles()[1].querySelector(".dc-src")).toBeNull();
    const stored = bubbles()[2].querySelector(".dc-src");
    expect(stored?.textContent).toBe("منابع: <img src=x>.pdf، صفحهٔ ۲");
    expect(stored?.querySelector("img")).toBeNull();

    chat.input.value = "و بستهٔ پایه؟";
    const sent = chat.submit();
    s.event("delta", { text: "۲۰۰ هزار" });
    s.event("sources", { sources: [rows] });
    s.event("done", { status: "completed" });
    s.close();
    await sent;
    expect(bubbles()[4].querySelector(".dc-src")?.textContent).toBe("منابع: prices.xlsx، ردیف‌های ۲ تا ۵ برگهٔ تعرفه");
  });

  it("asks before starting a new conversation, then clears the messages", async () => {
    const { chat, root, fetch, bubbles, events, key } = mount({
      "GET /conversation": [json(200, { id: 1, messages: [{ id: 1, role: "user", content: "old", created_at: "" }] })],
      "POST /conversation/new": [json(201, { id: 2 })],
    });
    await chat.ready;
    const confirm = root.querySelector<HTMLElement>(".dc-confirm")!;
    chat.newButton.click();
    expect(confirm.hidden).toBe(false);
    events.dispatchEvent(key("Escape")); // Escape closes the question first
    expect(confirm.hidden).toBe(true);
    chat.newButton.click();
    expect(fetch).toHaveBeenCalledTimes(1);
    root.querySelector<HTMLButtonElement>(".dc-yes")!.click();
    await vi.waitFor(() => expect(bubbles()).toHaveLength(1));
    expect(fetch.mock.calls[1][0]).toBe("/api/widget/pk_1/conversation/new");
    expect(bubbles()[0].textContent).toContain("Welcome!");
  });
});
