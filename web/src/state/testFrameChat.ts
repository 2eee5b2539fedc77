// The test frame's chat, per test-frame node: the conversation, its messages
// (the answer being streamed grows with each delta; tool calls fold under the
// message that made them, with their results), the function calls waiting
// for the person, and the credits each answer cost. The reducer is pure; the
// actions below it talk to the server and feed it events.
import type { Citation, ConversationDetail, PendingCall, ToolKind, TurnEvent } from "../api/types";
import { atom, type Getter, type Setter } from "jotai";
import { ApiError } from "../api/client";
import {
  newSendKey,
  readConversation,
  sendMessage,
  sendToolResult,
  startConversation,
} from "../api/conversations";
import { fa } from "../i18n/fa";
import { currentSubscriptionAtom } from "./subscription";

export type ChatToolCall = {
  id: string;
  name: string;
  kind: ToolKind;
  arguments: string;
  result?: { ok: boolean; output: string };
};

export type ChatMessage = {
  /** Stable within the chat, for React keys. */
  key: string;
  role: "user" | "assistant";
  text: string;
  toolCalls: ChatToolCall[];
  /** Credits the answer cost, once known. */
  credits?: number;
  /** The documents the answer drew on, when it searched them. */
  sources?: Citation[];
};

export type ChatProblem = { code: string; message: string };

export type Chat = {
  conversationId: number | null;
  messages: ChatMessage[];
  pending: PendingCall[];
  streaming: boolean;
  /** Whether the last assistant message is still being written. */
  open: boolean;
  problem: ChatProblem | null;
  /** Credits the last turn cost and the balance after it. */
  lastCredits: number | null;
  balance: number | null;
  nextKey: number;
};

export const EMPTY_CHAT: Chat = {
  conversationId: null,
  messages: [],
  pending: [],
  streaming: false,
  open: false,
  problem: null,
  lastCredits: null,
  balance: null,
  nextKey: 0,
};

function push(chat: Chat, message: Omit<ChatMessage, "key">): Chat {
  return { ...chat, messages: [...chat.messages, { ...message, key: `m${chat.nextKey}` }], nextKey: chat.nextKey + 1 };
}

/** The chat with the last assistant message replaced, opening one when none is open. */
function withOpenAnswer(chat: Chat, change: (message: ChatMessage) => ChatMessage): Chat {
  const base = chat.open ? chat : { ...push(chat, { role: "assistant", text: "", toolCalls: [] }), open: true };
  const messages = base.messages.slice();
  messages[messages.length - 1] = change(messages[messages.length - 1]!);
  return { ...base, messages };
}

/** The person's message, shown at once while the answer is asked for. */
export function withUserMessage(chat: Chat, text: string): Chat {
  return { ...push(chat, { role: "user", text, toolCalls: [] }), open: false, streaming: true, problem: null };
}

/** One event of the streamed answer applied. */
export function applyEvent(chat: Chat, event: TurnEvent): Chat {
  switch (event.type) {
    case "started":
      return { ...chat, conversationId: event.conversation_id, streaming: true, pending: [] };
    case "delta":
      return withOpenAnswer(chat, (m) => ({ ...m, text: m.text + event.text }));
    case "tool_call": {
      const call: ChatToolCall = { id: event.id, name: event.name, kind: event.kind, arguments: event.arguments };
      return withOpenAnswer(chat, (m) => ({ ...m, toolCalls: [...m.toolCalls, call] }));
    }
    case "tool_result": {
      const messages = chat.messages.map((m) =>
        m.toolCalls.some((c) => c.id === event.id)
          ? {
              ...m,
              toolCalls: m.toolCalls.map((c) =>
                c.id === event.id ? { ...c, result: { ok: event.ok, output: event.output } } : c,
              ),
            }
          : m,
      );
      // The model's next words after its tools are a message of their own.
      return { ...chat, messages, open: false };
    }
    case "sources": {
      const messages = chat.messages.slice();
      const at = messages.map((m) => m.role).lastIndexOf("assistant");
      if (at >= 0) messages[at] = { ...messages[at]!, sources: event.sources };
      return { ...chat, messages };
    }
    case "awaiting_function":
      return { ...chat, pending: event.calls, open: false };
    case "error":
      return { ...chat, problem: { code: event.code, message: event.message } };
    case "done": {
      const messages = chat.messages.slice();
      const last = messages[messages.length - 1];
      if (last?.role === "assistant" && event.credits > 0) messages[messages.length - 1] = { ...last, credits: event.credits };
      return {
        ...chat,
        messages,
        streaming: false,
        open: false,
        pending: event.status === "awaiting_function" ? chat.pending : [],
        lastCredits: event.credits,
        balance: event.balance,
      };
    }
  }
}

/** A stored conversation as the chat shows it: each tool result folded under its call. */
export function chatOf(detail: ConversationDetail): Chat {
  let chat: Chat = { ...EMPTY_CHAT, conversationId: detail.id, pending: detail.pending_calls };
  for (const message of detail.messages) {
    if (message.role === "user") chat = { ...push(chat, { role: "user", text: message.content, toolCalls: [] }), open: false };
    else if (message.role === "assistant") {
      const toolCalls: ChatToolCall[] = message.tool_calls.map((c) => ({ ...c, kind: "unknown" as ToolKind }));
      const sources = message.sources.length > 0 ? message.sources : undefined;
      chat = { ...push(chat, { role: "assistant", text: message.content, toolCalls, credits: message.credits ?? undefined, sources }), open: false };
    } else {
      chat = applyEvent(chat, {
        type: "tool_result",
        id: message.tool_call_id ?? "",
        name: message.tool_name ?? "",
        ok: true,
        output: message.content,
      });
    }
  }
  return chat;
}

/** Every test frame's chat, by the frame's canvas id (frames are never saved, nor are their chats' views). */
const chatsAtom = atom<Record<string, Chat>>({});

export function chatAtom(frameId: string) {
  return atom((get) => get(chatsAtom)[frameId] ?? EMPTY_CHAT);
}

function update(get: Getter, set: Setter, frameId: string, change: (chat: Chat) => Chat): Chat {
  const next = change(get(chatsAtom)[frameId] ?? EMPTY_CHAT);
  set(chatsAtom, { ...get(chatsAtom), [frameId]: next });
  return next;
}

function problemOf(error: unknown): ChatProblem {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  return { code: "network_error", message: fa.errors.network };
}

/** Feeds the events of one streamed call into the chat; a failure before it starts becomes its problem. */
async function streamInto(get: Getter, set: Setter, frameId: string, call: (onEvent: (e: TurnEvent) => void) => Promise<void>) {
  try {
    await call((event) => {
      const chat = update(get, set, frameId, (c) => applyEvent(c, event));
      // The balance shown on /subscription moves as people chat.
      const current = get(currentSubscriptionAtom);
      if (event.type === "done" && current && chat.balance !== null) set(currentSubscriptionAtom, { ...current, credit_balance: chat.balance });
    });
  } catch (error) {
    update(get, set, frameId, (c) => ({ ...c, streaming: false, open: false, problem: problemOf(error) }));
  }
  update(get, set, frameId, (c) => ({ ...c, streaming: false }));
}

/** Starts a new conversation of the frame with assistant `assistantId` (database id). */
export const newConversationAtom = atom(null, async (get, set, frameId: string, assistantId: number) => {
  update(get, set, frameId, () => ({ ...EMPTY_CHAT, streaming: true }));
  try {
    const conversation = await startConversation(assistantId);
    update(get, set, frameId, () => ({ ...EMPTY_CHAT, conversationId: conversation.id }));
  } catch (error) {
    update(get, set, frameId, () => ({ ...EMPTY_CHAT, problem: problemOf(error) }));
  }
});

/** Shows conversation `id` as stored. */
export const openConversationAtom = atom(null, async (get, set, frameId: string, id: number) => {
  try {
    const detail = await readConversation(id);
    update(get, set, frameId, () => chatOf(detail));
  } catch (error) {
    update(get, set, frameId, (c) => ({ ...c, problem: problemOf(error) }));
  }
});

/** The person says `text`; a conversation is started first when there is none. */
export const sendAtom = atom(null, async (get, set, frameId: string, assistantId: number, text: string) => {
  let chat = get(chatsAtom)[frameId] ?? EMPTY_CHAT;
  if (chat.conversationId === null) {
    await set(newConversationAtom, frameId, assistantId);
    chat = get(chatsAtom)[frameId] ?? EMPTY_CHAT;
    if (chat.conversationId === null) return;
  }
  const id = chat.conversationId!;
  update(get, set, frameId, (c) => withUserMessage(c, text));
  const key = newSendKey();
  await streamInto(get, set, frameId, (onEvent) => sendMessage(id, text, key, onEvent));
});

/** The person typed what function call `callId` returned; the answer goes on. */
export const answerFunctionAtom = atom(null, async (get, set, frameId: string, callId: string, output: string) => {
  const chat = get(chatsAtom)[frameId] ?? EMPTY_CHAT;
  if (chat.conversationId === null) return;
  const id = chat.conversationId;
  update(get, set, frameId, (c) => ({
    ...applyEvent(c, { type: "tool_result", id: callId, name: "", ok: true, output }),
    pending: c.pending.filter((p) => p.id !== callId),
    streaming: true,
    problem: null,
  }));
  await streamInto(get, set, frameId, (onEvent) => sendToolResult(id, callId, output, onEvent));
});
