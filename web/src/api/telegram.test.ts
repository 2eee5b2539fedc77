// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { botStatus, botUsers, checkToken, connectBot, disconnectBot } from "./telegram";
import { setToken } from "./token";
import { errorBody, failure, json, serve } from "./fakeFetch";


const TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ0123456789";

const node = {
  id: "telegram-9",
  database_id: 9,
  type: "telegram",
  position: { x: 0, y: 0 },
  data: {
    label: "Shop bot",
    creationStatus: "success",
    bot_token: "••••6789",
    bot_username: "shop_bot",
    bot_name: "Shop",
    settings: {},
    webhook_url: "https://dastyar.example/api/telegram/webhook/9",
  },
};

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/projects/1");
  setToken("tok.en.tg");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("checkToken", () => {
  it("posts the token to /telegram/check-token and answers the bot", async () => {
    const bot = { id: 123456, username: "shop_bot", name: "Shop" };
    const calls = serve(() => json(200, bot));
    await expect(checkToken(TOKEN)).resolves.toEqual(bot);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/telegram/check-token");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ bot_token: TOKEN });
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok.en.tg");
  });

  it("fails with the server's Persian message and the field it names", async () => {
    const text = message("telegram_token_rejected", {});
    serve(() => json(422, errorBody("telegram_token_rejected", text, { field: "bot_token" })));
    const error = await failure(checkToken(TOKEN));
    expect(error).toMatchObject({ status: 422, code: "telegram_token_rejected", message: text });
    expect(error.field).toBe("bot_token");
  });
});

describe("connectBot", () => {
  it("posts the node id to /telegram/retry-webhook and answers the node", async () => {
    const calls = serve(() => json(200, node));
    await expect(connectBot(9)).resolves.toEqual(node);
    expect(calls[0]!.url).toBe("/api/telegram/retry-webhook");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ node_id: 9 });
  });

  it("fails with the server's message when Telegram cannot be reached", async () => {
    const text = message("telegram_unreachable", {});
    serve(() => json(424, errorBody("telegram_unreachable", text)));
    expect(await failure(connectBot(9))).toMatchObject({ status: 424, code: "telegram_unreachable", message: text });
  });

  it("fails with conflict when another node holds the bot", async () => {
    const text = message("telegram_bot_taken", {});
    serve(() => json(409, errorBody("telegram_bot_taken", text)));
    expect(await failure(connectBot(9))).toMatchObject({ status: 409, code: "telegram_bot_taken", message: text });
  });
});

describe("botStatus", () => {
  it("posts the node id to /telegram/test-connection and answers the status", async () => {
    const status = { node_id: 9, mode: "webhook", pending_updates: 2, owner: "Sara" };
    const calls = serve(() => json(200, status));
    const abort = new AbortController();
    await expect(botStatus(9, abort.signal)).resolves.toEqual(status);
    expect(calls[0]!.url).toBe("/api/telegram/test-connection");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ node_id: 9 });
    expect(calls[0]!.init.signal).toBe(abort.signal);
  });

  it("fails with not_found for a node that is not mine", async () => {
    const text = message("not_found", {});
    serve(() => json(404, errorBody("not_found", text)));
    expect(await failure(botStatus(9))).toMatchObject({ status: 404, code: "not_found", message: text });
  });
});

describe("botUsers", () => {
  it("gets /telegram/{id}/users with no body", async () => {
    const person = {
      chat_id: 42,
      name: "Sara",
      username: "sara",
      messages: 3,
      first_seen: "2025-03-21T08:00:00Z",
      last_seen: "2025-03-22T08:00:00Z",
    };
    const answer = { owner: person, users: [person] };
    const calls = serve(() => json(200, answer));
    await expect(botUsers(9)).resolves.toEqual(answer);
    expect(calls[0]!.url).toBe("/api/telegram/9/users");
    expect(calls[0]!.init.method).toBe("GET");
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it("fails with a Persian message when the server answers no error body", async () => {
    serve(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await failure(botUsers(9))).toMatchObject({ status: 502, code: "internal_error", message: message("internal_error", {}) });
  });
});

describe("disconnectBot", () => {
  it("deletes /telegram/{id} with operation=disconnect", async () => {
    const calls = serve(() => json(200, { success: true }));
    await expect(disconnectBot(9)).resolves.toEqual({ success: true });
    expect(calls[0]!.url).toBe("/api/telegram/9?operation=disconnect");
    expect(calls[0]!.init.method).toBe("DELETE");
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it("fails with the server's message when Telegram refuses", async () => {
    const text = message("telegram_refused", {});
    serve(() => json(424, errorBody("telegram_refused", text)));
    expect(await failure(disconnectBot(9))).toMatchObject({ status: 424, code: "telegram_refused", message: text });
  });
});
