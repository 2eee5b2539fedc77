import { describe, expect, it } from "vitest";
import { fa } from "../../../i18n/fa";
import { outcomeOf, outcomeSummary } from "./outcome";

const t = fa.nodes.scheduler.runs;

describe("a trigger's outcome", () => {
  const said = {
    assistant_id: 4,
    message: "گزارش امروز را بفرست",
    answer: "امروز ۱۲ سفارش داشتیم.",
    deliveries: [
      { channel: "telegram", node_id: 5, sent: true },
      { channel: "telegram", node_id: 6, sent: false, error: "هنوز کسی به این ربات پیام نداده است." },
      { channel: "sms", node_id: 5, sent: true },
    ],
  };

  it("reads the message, the answer and each delivery", () => {
    expect(outcomeOf(said)).toEqual({
      kind: "trigger",
      message: "گزارش امروز را بفرست",
      answer: "امروز ۱۲ سفارش داشتیم.",
      deliveries: [
        { channel: "telegram", nodeId: 5, sent: true, error: null },
        { channel: "telegram", nodeId: 6, sent: false, error: "هنوز کسی به این ربات پیام نداده است." },
        { channel: "sms", nodeId: 5, sent: true, error: null },
      ],
    });
  });

  it("sums up how far the answer went", () => {
    expect(outcomeSummary(outcomeOf(said))).toBe(fa.nodes.trigger.outcome.delivered(2, 3));
    expect(fa.nodes.trigger.outcome.delivered(2, 3)).toBe("به ۲ از ۳ مقصد رسید");
    expect(outcomeSummary(outcomeOf({ ...said, deliveries: [] }))).toBeNull();
  });

  it("reads an assistant that did not answer, and skips deliveries it cannot read", () => {
    const unavailable = outcomeOf({ assistant_id: 4, message: "سلام", reason: "llm_not_configured", deliveries: [{ sent: true }, 7] });
    expect(unavailable).toEqual({ kind: "trigger", message: "سلام", answer: null, deliveries: [] });
  });
});

describe("a scheduler's outcome", () => {
  it("reads the request's status, time and output as indented JSON", () => {
    const outcome = outcomeOf({
      request_id: 9,
      request: { ok: true, status: 200, output: { status: 200, data: { orders: 12 } }, duration_ms: 85 },
    });
    expect(outcome).toEqual({
      kind: "request",
      ok: true,
      status: 200,
      output: JSON.stringify({ status: 200, data: { orders: 12 } }, null, 2),
      error: null,
      durationMs: 85,
    });
    expect(outcomeSummary(outcome)).toBe("کد ۲۰۰، در ۸۵ میلی‌ثانیه");
  });

  it("reads a call that got no answer", () => {
    const outcome = outcomeOf({ request_id: 9, request: { ok: false, output: { error: "timeout" }, error: "پاسخ نیامد.", duration_ms: 30000 } });
    expect(outcome).toMatchObject({ kind: "request", ok: false, status: null, error: "پاسخ نیامد." });
    expect(outcomeSummary(outcome)).toBe(t.request.summary(t.request.noStatus, t.request.duration(30000)));
  });
});

describe("an outcome with nothing in it", () => {
  it("reads as none (a run that failed before it did anything)", () => {
    for (const outcome of [{}, null, undefined, "text", [], { request: "x" }]) {
      expect(outcomeOf(outcome), JSON.stringify(outcome)).toEqual({ kind: "none" });
    }
    expect(outcomeSummary({ kind: "none" })).toBeNull();
  });
});
