// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSmsHistory, sendSms, sendSmsBulk, smsDelivery, smsHistory, smsTemplates, testSms } from "./sms";
import { setToken } from "./token";
import { failure, json, serve } from "./fakeFetch";

const send = {
  id: 3,
  origin: "panel",
  method: "simple",
  status: "sent",
  message: "سلام",
  entries: [{ receptor: "09123456789", message: "سلام", messageid: 8792343, status: 1, statustext: "در صف ارسال", cost: 1200 }],
  segments: 1,
  estimated_cost: 150,
  cost: 1200,
  provider_status: 200,
  response_message: "پیامک برای ۱ گیرنده فرستاده شد.",
  created_at: "2025-03-21T08:30:00.000000Z",
};

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/projects/1");
  setToken("tok.en.sms");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const sentBody = (calls: { init: RequestInit }[]) => JSON.parse(calls[0]!.init.body as string) as unknown;

describe("sending", () => {
  it("posts the overrides to /sms/{id}/send and answers the kept send", async () => {
    const answer = { status: "sent", message: send.response_message, send };
    const calls = serve(() => json(200, answer));
    await expect(sendSms(9, { message: "سلام" })).resolves.toEqual(answer);
    expect(calls[0]!.url).toBe("/api/sms/9/send");
    expect(calls[0]!.init.method).toBe("POST");
    expect(sentBody(calls)).toEqual({ message: "سلام" });
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok.en.sms");
  });

  it("fails with Kavenegar's reason in Persian, read from the spec's {status, message, error}", async () => {
    const text = message("kavenegar_credit_insufficient", {});
    serve(() =>
      json(424, {
        status: "failed",
        message: text,
        error: { code: "kavenegar_credit_insufficient", message: text, details: { provider_status: 418, send_id: 7 } },
      }),
    );
    const error = await failure(sendSms(9, {}));
    expect(error).toMatchObject({ status: 424, code: "kavenegar_credit_insufficient", message: text });
    expect(error.details.send_id).toBe(7);
  });

  it("names the field Kavenegar refused", async () => {
    const text = message("kavenegar_api_key_invalid", {});
    serve(() =>
      json(422, { status: "failed", message: text, error: { code: "kavenegar_api_key_invalid", message: text, details: { field: "apiKey" } } }),
    );
    expect((await failure(sendSms(9, {}))).field).toBe("apiKey");
  });

  it("sends in bulk and tests the key", async () => {
    const calls = serve(() => json(200, { status: "ok", message: "x", credit: 5, account_type: "Master" }));
    await testSms(9);
    await sendSmsBulk(9, { messages: [{ receptor: "09123456789", message: "سلام" }], sender: "10004346" });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(["POST /api/sms/9/test", "POST /api/sms/9/send-bulk"]);
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({
      messages: [{ receptor: "09123456789", message: "سلام" }],
      sender: "10004346",
    });
  });
});

describe("the history", () => {
  it("is read, forgotten and asked about", async () => {
    const calls = serve(() => json(200, { sends: [send], total: 1 }));
    await expect(smsHistory(9)).resolves.toEqual({ sends: [send], total: 1 });
    await smsHistory(9, undefined, 25);
    await clearSmsHistory(9);
    await smsDelivery(9, 3);
    expect(calls.map((c) => `${c.init.method ?? "GET"} ${c.url}`)).toEqual([
      "GET /api/sms/9/history",
      "GET /api/sms/9/history?limit=25",
      "DELETE /api/sms/9/history",
      "GET /api/sms/9/bulk-status/3",
    ]);
  });

  it("finds the templates used with a key", async () => {
    const found = { templates: [{ name: "verify", sends: 2, last_sent_at: "2025-03-21T08:30:00.000000Z" }], note: "یادداشت" };
    const calls = serve(() => json(200, found));
    await expect(smsTemplates({ api_key: "••••ABCD", node_id: 9 })).resolves.toEqual(found);
    expect(calls[0]!.url).toBe("/api/sms/templates");
    expect(sentBody(calls)).toEqual({ api_key: "••••ABCD", node_id: 9 });
  });
});
