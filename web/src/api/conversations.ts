// Conversations with an assistant (the test frame's chat): start, list, read,
// delete, and the two calls whose answer streams back as server-sent events.
import type { ConversationDetail, ConversationView, TurnEvent } from "./types";
import { fa } from "../i18n/fa";
import { ApiError, errorOf, request, signedInFailure } from "./client";
import { readSse } from "./sse";
import { getToken } from "./token";

export function startConversation(assistantId: number): Promise<ConversationView> {
  return request(`/playground/assistants/${assistantId}/conversations`, { method: "POST", body: {} });
}

export function listConversations(assistantId: number): Promise<ConversationView[]> {
  return request(`/playground/assistants/${assistantId}/conversations`);
}

export function readConversation(id: number): Promise<ConversationDetail> {
  return request(`/playground/conversations/${id}`);
}

export function deleteConversation(id: number): Promise<void> {
  return request(`/playground/conversations/${id}`, { method: "DELETE" });
}

/**
 * Says `content` in conversation `id`; `onEvent` gets each event of the
 * answer as it arrives. `key` names this attempt: sending again with the same
 * key replays the answer instead of asking (and charging) twice.
 */
export function sendMessage(
  id: number,
  content: string,
  key: string,
  onEvent: (event: TurnEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  return stream(`/playground/conversations/${id}/messages`, { content }, onEvent, signal, key);
}

/** Posts a function's result the person typed; the answer goes on streaming. */
export function sendToolResult(
  id: number,
  toolCallId: string,
  output: string,
  onEvent: (event: TurnEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const body = { tool_call_id: toolCallId, output };
  return stream(`/playground/conversations/${id}/tool-results`, body, onEvent, signal);
}

/** A new idempotency key for one send. */
export function newSendKey(): string {
  return crypto.randomUUID();
}

async function stream(
  path: string,
  body: unknown,
  onEvent: (event: TurnEvent) => void,
  signal?: AbortSignal,
  key?: string,
): Promise<void> {
  const headers: Record<string, string> = { Accept: "text/event-stream", "Content-Type": "application/json" };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: "POST", headers, body: JSON.stringify(body), signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, "network_error", fa.errors.network);
  }
  if (!response.ok) throw signedInFailure(await errorOf(response));
  if (!response.body) throw new ApiError(0, "network_error", fa.errors.network);
  await readSse(response.body, (event) => onEvent(JSON.parse(event.data) as TurnEvent));
}
