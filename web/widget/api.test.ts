import { describe, expect, it, vi } from "vitest";
import { createApi, retryAfterSeconds } from "./api";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const error = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: `message for ${code}`, details: null } }, headers);

type Call = [string, RequestInit];
const calls = (f: ReturnType<typeof vi.fn>) => f.mock.calls as unknown as Call[];
const header = (call: Call, name: string) => new Headers(call[1].headers).get(name);

function setup(...replies: (Response | Error)[]) {
  let token = "t1";
  const fetch = vi.fn(async () => {
    const next = replies.shift();
    if (!next) throw new Error("no more replies");
    if (next instanceof Error) throw next;
    return next;
  });
  const renew = vi.fn(async () => {
    token = "t2";
    return true;
  });
  const sleep = vi.fn(async () => {});
  const api = createApi({ key: "pk 1", token: () => token, renew, fetch: fetch as unknown as typeof globalThis.fetch, sleep });
  return { api, fetch, renew, sleep };
}

describe("createApi", () => {
  it("sends the message with the token, its idempotency key and JSON", async () => {
    const { api, fetch } = setup(new Response("", { status: 200 }));
    expect((await api.send("سلام", "key-1")).ok).toBe(true);
    const [url, init] = calls(fetch)[0];
    expect(url).toBe("/api/widget/pk%201/messages");
    expect(init.method).toBe("POST");
    expect(header(calls(fetch)[0], "Authorization")).toBe("Bearer t1");
    expect(header(calls(fetch)[0], "Idempotency-Key")).toBe("key-1");
    expect(header(calls(fetch)[0], "Content-Type")).toBe("application/json");
    expect(JSON.parse(init.body as string)).toEqual({ content: "سلام" });
  });

  it("on 401 asks for a new token and retries once with it, same key", async () => {
    const { api, fetch, renew } = setup(error(401, "widget_session_expired"), new Response("", { status: 200 }));
    expect((await api.send("hi", "key-1")).ok).toBe(true);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(calls(fetch).map((c) => header(c, "Authorization"))).toEqual(["Bearer t1", "Bearer t2"]);
    expect(calls(fetch).map((c) => header(c, "Idempotency-Key"))).toEqual(["key-1", "key-1"]);
  });

  it("retries a 401 only once", async () => {
    const { api, fetch, renew } = setup(error(401, "widget_session_expired"), error(401, "widget_session_expired"));
    const outcome = await api.conversation();
    expect(outcome).toMatchObject({ ok: false, failure: { status: 401, code: "widget_session_expired" } });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("gives up on a 401 when no token comes", async () => {
    const { api, fetch, renew } = setup(error(401, "widget_session_expired"));
    renew.mockResolvedValueOnce(false);
    const outcome = await api.send("hi", "k");
    expect(outcome).toMatchObject({ ok: false, failure: { status: 401, message: "message for widget_session_expired" } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("waits and retries while an answer is still being written", async () => {
    const { api, fetch, sleep } = setup(
      error(409, "conversation_busy"),
      error(409, "conversation_busy"),
      new Response("", { status: 200 }),
    );
    expect((await api.send("hi", "k")).ok).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it("hands back other refusals with the server's words and Retry-After", async () => {
    const { api } = setup(
      error(429, "too_many_requests", { "Retry-After": "12" }),
      error(409, "frame_inactive"),
      error(422, "message_too_long"),
      new Response("<html>bad gateway</html>", { status: 502 }),
    );
    expect(await api.send("a", "k")).toMatchObject({ ok: false, failure: { status: 429, retryAfter: 12 } });
    expect(await api.send("a", "k")).toMatchObject({ ok: false, failure: { status: 409, code: "frame_inactive" } });
    expect(await api.send("a", "k")).toMatchObject({ ok: false, failure: { status: 422, message: "message for message_too_long" } });
    expect(await api.send("a", "k")).toMatchObject({ ok: false, failure: { status: 502, code: "", message: "" } });
  });

  it("calls a network failure status 0", async () => {
    const { api } = setup(new TypeError("Failed to fetch"));
    expect(await api.newConversation()).toMatchObject({ ok: false, failure: { status: 0, code: "network" } });
  });

  it("reads the conversation", async () => {
    const messages = [{ id: 3, role: "user", content: "x", created_at: "2026-01-01T00:00:00Z" }];
    const { api, fetch } = setup(json(200, { id: 9, messages }));
    expect(await api.conversation()).toEqual({ ok: true, id: 9, messages });
    expect(calls(fetch)[0][0]).toBe("/api/widget/pk%201/conversation");
    expect(calls(fetch)[0][1].method).toBe("GET");
  });
});

describe("retryAfterSeconds", () => {
  it("reads seconds or an HTTP date", () => {
    expect(retryAfterSeconds("30")).toBe(30);
    expect(retryAfterSeconds("1.2")).toBe(2);
    expect(retryAfterSeconds(null)).toBe(0);
    expect(retryAfterSeconds("soon")).toBe(0);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterSeconds("Thu, 01 Jan 2026 00:00:45 GMT", now)).toBe(45);
  });
});
