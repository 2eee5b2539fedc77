// A telegram node's bot and Telegram: checking a token before it is saved,
// connecting and disconnecting the saved bot, and what the panel shows of
// the connection (its health, the people who wrote to the bot).
import type {
  BotIdentity,
  BotNodeRequest,
  BotStatus,
  BotTokenRequest,
  BotUsers,
  DeleteAnswer,
  NodeView,
} from "./types";
import { request } from "./client";

/** Who the token's bot is, as Telegram says; a 422 when it is malformed or Telegram does not know it. */
export function checkToken(botToken: string): Promise<BotIdentity> {
  const body: BotTokenRequest = { bot_token: botToken };
  return request("/telegram/check-token", { method: "POST", body });
}

/** Connects (or connects again) the bot whose token node `nodeId` saved; answers the node as it now is. */
export function connectBot(nodeId: number): Promise<NodeView> {
  const body: BotNodeRequest = { node_id: nodeId };
  return request("/telegram/retry-webhook", { method: "POST", body });
}

/** How the bot's connection stands (the server asks Telegram). */
export function botStatus(nodeId: number, signal?: AbortSignal): Promise<BotStatus> {
  const body: BotNodeRequest = { node_id: nodeId };
  return request("/telegram/test-connection", { method: "POST", body, signal });
}

/** The people who wrote to the bot, latest first, and its owner. */
export function botUsers(nodeId: number, signal?: AbortSignal): Promise<BotUsers> {
  return request(`/telegram/${nodeId}/users`, { signal });
}

/** Telegram stops sending the bot's messages; the node, its owner and its people stay. */
export function disconnectBot(nodeId: number): Promise<DeleteAnswer> {
  return request(`/telegram/${nodeId}?operation=disconnect`, { method: "DELETE" });
}
