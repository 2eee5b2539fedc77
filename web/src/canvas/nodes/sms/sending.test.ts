import { defaultNodeData, message, type SmsData } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import type { SmsSendView } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import {
  bulkEstimate,
  deliveryRows,
  estimateText,
  hasDelivery,
  parseBulk,
  readiness,
  readinessText,
  sendEstimate,
  sendHeadline,
} from "./sending";

const t = fa.nodes.sms;
const sms = (data: Partial<SmsData>): SmsData => ({ ...(defaultNodeData("sms").data as SmsData), ...data });

describe("what a send of the draft takes", () => {
  it("is core's parts and cost, for every receptor", () => {
    const draft = sms({ receptor: "09123456789، +989351112233", message: "س".repeat(71) });
    expect(sendEstimate(draft, false)).toEqual({ receptors: 2, segments: 4, cost: 600 });
    expect(sendEstimate(draft, true)).toEqual({ receptors: 2, segments: 4, cost: 2000 });
    expect(estimateText(sendEstimate(draft, false)!)).toBe(t.send.before(2, 4, 600));
  });

  it("leaves a template's parts to Kavenegar and needs valid receptors", () => {
    const template = sms({ receptor: "09123456789", sendMethod: "template", template: "verify", token: "1" });
    expect(sendEstimate(template, false)).toEqual({ receptors: 1, segments: null, cost: null });
    expect(estimateText(sendEstimate(template, false)!)).toBe(t.send.templateBefore(1));
    expect(sendEstimate(sms({ receptor: "0812", message: "سلام" }), false)).toBeNull();
    expect(sendEstimate(sms({ receptor: "", message: "سلام" }), false)).toBeNull();
  });
});

describe("whether the node can be sent from now", () => {
  const missing = [{ field: "apiKey", code: "field_required" as const, message: "x" }];
  it("waits for the node to be stored, then saved, then complete", () => {
    expect(readiness(null, false, [])).toBe("unsaved");
    expect(readiness(9, true, [])).toBe("dirty");
    expect(readiness(9, false, missing)).toBe("incomplete");
    expect(readiness(9, false, [])).toBe("ready");
    expect(readinessText("dirty")).toBe(t.send.saveFirst);
    expect(readinessText("unsaved")).toBe(t.send.unsaved);
    expect(readinessText("incomplete")).toBe(t.send.incomplete);
    expect(readinessText("ready")).toBeNull();
  });
});

describe("bulk lines", () => {
  it("are a number and a text each, split at the first comma, Persian comma or tab", () => {
    const parsed = parseBulk("09123456789, سلام علی، خوبی؟\n\n  \n+98 935 111 2233،سلام سارا\n۰۹۱۲۰۰۰۰۰۰۰\tکد ۱۲");
    expect(parsed.problems).toEqual([]);
    expect(parsed.messages).toEqual([
      { receptor: "09123456789", message: "سلام علی، خوبی؟" },
      { receptor: "09351112233", message: "سلام سارا" },
      { receptor: "09120000000", message: "کد ۱۲" },
    ]);
  });

  it("name each line that is not, in Persian", () => {
    const parsed = parseBulk("09123456789\n0812, سلام\n09123456789,   \n09123456789, درست");
    expect(parsed.problems).toEqual([
      t.bulk.lineInvalid(1),
      t.bulk.lineProblem(2, message("phone_invalid", {})),
      t.bulk.lineInvalid(3),
    ]);
    expect(parsed.messages).toEqual([{ receptor: "09123456789", message: "درست" }]);
  });

  it("take core's parts and cost together", () => {
    const messages = [
      { receptor: "09123456789", message: "Hello" },
      { receptor: "09351112233", message: "س".repeat(71) },
    ];
    expect(bulkEstimate(messages, false)).toEqual({ count: 2, segments: 3, cost: 450 });
    expect(bulkEstimate([], false)).toEqual({ count: 0, segments: 0, cost: 0 });
  });
});

describe("a send of the history in words", () => {
  const send: SmsSendView = {
    id: 4,
    origin: "assistant",
    method: "simple",
    status: "sent",
    message: "سلام",
    entries: [
      { receptor: "09123456789", message: "سلام", messageid: 8792343, status: 10, statustext: "رسیده به گیرنده", cost: 1200 },
      { receptor: "09351112233", message: "سلام" },
    ],
    segments: 2,
    estimated_cost: 300,
    cost: 1200,
    provider_status: 200,
    response_message: "پیامک برای ۱ گیرنده فرستاده شد.",
    created_at: "2025-03-21T08:30:00.000000Z",
  };

  it("says where it came from, how it went, to how many and what it took", () => {
    const headline = sendHeadline(send);
    for (const part of [t.history.origins.assistant, t.history.statuses.sent, t.history.receptors(2), t.history.segments(2), t.history.cost(1200)]) {
      expect(headline).toContain(part);
    }
    expect(sendHeadline({ ...send, status: "failed", cost: 0, segments: 0 })).not.toContain(t.history.cost(0));
  });

  it("lists each receptor with Kavenegar's word, or that it was not sent", () => {
    expect(deliveryRows(send)).toEqual([
      { receptor: "09123456789", text: "رسیده به گیرنده" },
      { receptor: "09351112233", text: t.history.notSent },
    ]);
    expect(hasDelivery(send)).toBe(true);
    expect(hasDelivery({ ...send, entries: [{ receptor: "09123456789", message: "" }] })).toBe(false);
  });
});
