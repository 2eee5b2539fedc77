import { describe, expect, it } from "vitest";
import type { TurnEvent } from "../api/types";
import { EMPTY_CHAT, applyEvent, chatOf, withUserMessage, type Chat } from "./testFrameChat";

function run(chat: Chat, events: TurnEvent[]): Chat {
  return events.reduce(applyEvent, chat);
}

const done = (status: "completed" | "awaiting_function", credits = 2, balance = 98): TurnEvent => ({
  type: "done",
  status,
  message_id: 5,
  usage: { prompt_tokens: 10, completion_tokens: 3 },
  credits,
  balance,
});

describe("applyEvent", () => {
  it("grows the answer with each delta and records its cost", () => {
    const chat = run(withUserMessage(EMPTY_CHAT, "سلام"), [
      { type: "started", conversation_id: 7, user_message_id: 1 },
      { type: "delta", text: "درود " },
      { type: "delta", text: "بر شما" },
      done("completed"),
    ]);
    expect(chat.conversationId).toBe(7);
    expect(chat.messages.map((m) => [m.role, m.text])).toEqual([
      ["user", "سلام"],
      ["assistant", "درود بر شما"],
    ]);
    expect(chat.messages[1]!.credits).toBe(2);
    expect(chat.streaming).toBe(false);
    expect(chat.balance).toBe(98);
  });

  it("folds tool calls and their results under the message that made them; the next words start anew", () => {
    const chat = run(EMPTY_CHAT, [
      { type: "tool_call", id: "c1", name: "orders", kind: "request", arguments: "{}" },
      { type: "tool_result", id: "c1", name: "orders", ok: true, output: '{"status":200}' },
      { type: "delta", text: "سفارش ارسال شده است." },
      done("completed"),
    ]);
    expect(chat.messages).toHaveLength(2);
    expect(chat.messages[0]!.toolCalls[0]!.result).toEqual({ ok: true, output: '{"status":200}' });
    expect(chat.messages[1]!.text).toBe("سفارش ارسال شده است.");
  });

  it("keeps waiting function calls until their results are sent, and shows errors", () => {
    const waiting = run(EMPTY_CHAT, [
      { type: "tool_call", id: "c1", name: "get_weather", kind: "function", arguments: '{"city":"تهران"}' },
      { type: "awaiting_function", calls: [{ id: "c1", name: "get_weather", arguments: '{"city":"تهران"}' }] },
      done("awaiting_function", 1, 50),
    ]);
    expect(waiting.pending.map((p) => p.id)).toEqual(["c1"]);
    const failed = run(waiting, [{ type: "error", code: "tool_loop_limit", message: "متوقف شد" }, done("completed", 0, 50)]);
    expect(failed.pending).toEqual([]);
    expect(failed.problem).toEqual({ code: "tool_loop_limit", message: "متوقف شد" });
  });
});

describe("chatOf", () => {
  it("puts the sources under the answer that drew on them", () => {
    const source = { name: "قیمت‌ها.pdf", node_id: 4, file_id: 1, from: { kind: "page" as const, page: 2 }, to: { kind: "page" as const, page: 2 } };
    const chat = run(withUserMessage(EMPTY_CHAT, "قیمت؟"), [
      { type: "tool_call", id: "c", name: "file_search", kind: "knowledge", arguments: '{"query":"قیمت"}' },
      { type: "tool_result", id: "c", name: "file_search", ok: true, output: "{}" },
      { type: "delta", text: "۱۲۰ هزار تومان" },
      { type: "sources", sources: [source] },
      done("completed"),
    ]);
    expect(chat.messages.map((m) => [m.role, m.text, m.sources?.map((s) => s.name)])).toEqual([
      ["user", "قیمت؟", undefined],
      ["assistant", "", undefined],
      ["assistant", "۱۲۰ هزار تومان", ["قیمت‌ها.pdf"]],
    ]);
    expect(chat.messages[1]!.toolCalls[0]!.kind).toBe("knowledge");
  });

  it("shows a stored conversation with results under their calls", () => {
    const chat = chatOf({
      id: 3,
      assistant_id: 1,
      channel: "test_frame",
      title: "سلام",
      created_at: "",
      updated_at: "",
      pending_calls: [],
      messages: [
        { id: 1, role: "user", content: "سلام", tool_calls: [], sources: [], created_at: "" },
        { id: 2, role: "assistant", content: "", tool_calls: [{ id: "c", name: "f", arguments: "{}" }], sources: [], created_at: "" },
        { id: 3, role: "tool", content: "نتیجه", tool_call_id: "c", tool_name: "f", tool_calls: [], sources: [], created_at: "" },
        { id: 4, role: "assistant", content: "تمام", tool_calls: [], credits: 1, sources: [], created_at: "" },
      ],
    });
    expect(chat.messages.map((m) => m.role)).toEqual(["user", "assistant", "assistant"]);
    expect(chat.messages[1]!.toolCalls[0]!.result?.output).toBe("نتیجه");
    expect(chat.messages[2]!.credits).toBe(1);
  });
});
