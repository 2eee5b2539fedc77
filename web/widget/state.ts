// The conversation as the chat page shows it: messages from the history, the
// person's new ones, and the answer being written, which the stream's events
// change one by one.
import type { Cited } from "../shared/citation";

export type Role = "user" | "assistant";

export type ChatMessage = {
  /** A local key for the view (the server's id when it has one). */
  key: string;
  role: Role;
  text: string;
  /** The answer is still being written. */
  streaming: boolean;
  /** What went wrong with this answer, shown after its text. */
  error: string | null;
  /** The files the answer drew on. */
  sources?: Cited[];
};

/** One event of `POST …/messages`' stream, as its JSON data says. */
export type StreamEvent =
  | { type: "started"; conversation_id: number }
  | { type: "delta"; text: string }
  | { type: "sources"; sources: Cited[] }
  | { type: "error"; code: string; message: string }
  | { type: "done"; status: string };

/** The event in an SSE message, or null for anything unknown or malformed. */
export function parseStreamEvent(name: string, data: string): StreamEvent | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const type = typeof value.type === "string" ? value.type : name;
  switch (type) {
    case "started":
      return { type, conversation_id: Number(value.conversation_id) };
    case "delta":
      return typeof value.text === "string" ? { type, text: value.text } : null;
    case "sources":
      return { type, sources: citations(value.sources) };
    case "error":
      return { type, code: String(value.code ?? ""), message: String(value.message ?? "") };
    case "done":
      return { type, status: String(value.status ?? "") };
  }
  return null;
}

const isPlace = (v: unknown): boolean => {
  const p = v as Record<string, unknown> | null;
  return typeof p === "object" && p !== null && typeof p.kind === "string";
};

/** The well-formed citations in `value` (the history's or the stream's); anything else is left out. */
export function citations(value: unknown): Cited[] {
  if (!Array.isArray(value)) return [];
  return value.filter((c) => typeof c?.name === "string" && isPlace(c.from) && isPlace(c.to)) as Cited[];
}

let counter = 0;
const localKey = () => `local-${++counter}`;

export const userMessage = (text: string): ChatMessage => ({
  key: localKey(),
  role: "user",
  text,
  streaming: false,
  error: null,
});

export const pendingAnswer = (): ChatMessage => ({
  key: localKey(),
  role: "assistant",
  text: "",
  streaming: true,
  error: null,
});

/**
 * The answer after one event. `failed` is the words for an answer that ended
 * without completing and without an error of its own.
 */
export function applyEvent(answer: ChatMessage, event: StreamEvent, failed: string): ChatMessage {
  switch (event.type) {
    case "delta":
      return { ...answer, text: answer.text + event.text };
    case "sources":
      return { ...answer, sources: event.sources };
    case "error":
      return { ...answer, error: event.message || failed };
    case "done":
      return {
        ...answer,
        streaming: false,
        error: event.status === "completed" ? answer.error : answer.error ?? failed,
      };
    default:
      return answer;
  }
}

/** An answer whose stream stopped before `done`: it keeps its text and says why. */
export const interrupted = (answer: ChatMessage, why: string): ChatMessage =>
  answer.streaming ? { ...answer, streaming: false, error: answer.error ?? why } : answer;
