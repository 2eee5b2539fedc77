import { message } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../api/client";
import type { AnalyzerOverview, AnalyzerReport } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import {
  deliveryOf,
  HOUR_OPTIONS,
  NO_CHANGES,
  nextReportText,
  reachFacts,
  reportProblem,
  requestedByText,
  tehranTime,
  withChanges,
  withReport,
} from "./reports";

const t = fa.nodes.analyzer.reports;

const report = (id: number, extra: Partial<AnalyzerReport> = {}): AnalyzerReport => ({
  id,
  requested_by: "user",
  conversations: 1,
  messages: 2,
  content: `report ${id}`,
  model: "gpt-4o-mini",
  credits: 1,
  delivery: "sent",
  created_at: "2025-03-21T08:00:00Z",
  ...extra,
});

const overview = (reports: AnalyzerReport[]): AnalyzerOverview => ({
  schedule: { daily: true, hour: 9, next_report_at: "2025-03-22T05:30:00Z" },
  channels: 1,
  reports,
});

describe("the hours offered", () => {
  it("are 0 to 23 as clock times in Persian digits", () => {
    expect(HOUR_OPTIONS).toHaveLength(24);
    expect(HOUR_OPTIONS.map((o) => o.value)).toEqual(Array.from({ length: 24 }, (_, h) => String(h)));
    expect(HOUR_OPTIONS[0]!.label).toBe("۰۰:۰۰");
    expect(HOUR_OPTIONS[9]!.label).toBe("۰۹:۰۰");
    expect(HOUR_OPTIONS[23]!.label).toBe("۲۳:۰۰");
  });
});

describe("times", () => {
  it("are Jalali, in Tehran time whatever the reader's zone", () => {
    // 05:30 UTC is 09:00 in Tehran (UTC+3:30).
    expect(tehranTime("2025-03-22T05:30:00Z")).toBe("۲ فروردین ۱۴۰۴ ساعت ۰۹:۰۰");
    expect(tehranTime("2025-03-20T22:00:00Z")).toBe("۱ فروردین ۱۴۰۴ ساعت ۰۱:۳۰");
  });

  it("say when the next daily report goes out", () => {
    expect(nextReportText({ daily: true, hour: 9, next_report_at: "2025-03-22T05:30:00Z" })).toBe(
      t.schedule.next("۲ فروردین ۱۴۰۴ ساعت ۰۹:۰۰"),
    );
  });

  it("say daily reports are off, or nothing while the server has no next time", () => {
    expect(nextReportText({ daily: false, hour: 9 })).toBe(t.schedule.off);
    expect(nextReportText({ daily: true, hour: 9 })).toBe("");
    expect(nextReportText({ daily: true, hour: 9, next_report_at: "soon" })).toBe("");
  });
});

describe("what it reads and where reports go", () => {
  const value = (facts: ReturnType<typeof reachFacts>, field: string) => facts.find((f) => f.field === field)?.value;

  it("counts the chat frames and bots, and names the joined bot", () => {
    const facts = reachFacts({ channels: 2, bot_node_id: 5 }, " ربات فروش ");
    expect(value(facts, "channels")).toBe(t.reach.channels(2));
    expect(t.reach.channels(2)).toContain("۲");
    expect(value(facts, "bot")).toBe(t.reach.bot("ربات فروش"));
  });

  it("asks for a container when it reads nothing, and for a bot when none is joined", () => {
    const facts = reachFacts({ channels: 0 }, null);
    expect(value(facts, "channels")).toBe(t.reach.noChannels);
    expect(value(facts, "bot")).toBe(t.reach.noBot);
  });

  it("speaks of the bot without a name when the canvas has none for it", () => {
    expect(value(reachFacts({ channels: 1, bot_node_id: 5 }, null), "bot")).toBe(t.reach.botUnnamed);
    expect(value(reachFacts({ channels: 1, bot_node_id: 5 }, "  "), "bot")).toBe(t.reach.botUnnamed);
  });
});

describe("a report's labels", () => {
  it("say who asked", () => {
    expect(requestedByText("schedule")).toBe(t.list.requestedBy.schedule);
    expect(requestedByText("user")).toBe(t.list.requestedBy.user);
  });

  it("say it was sent, with nothing to do", () => {
    expect(deliveryOf({ delivery: "sent" })).toEqual({ label: t.list.delivery.sent, reason: null, canSendAgain: false });
    expect(deliveryOf({ delivery: "sending" })).toEqual({ label: t.list.delivery.sending, reason: null, canSendAgain: false });
  });

  it("say why it was not sent, and offer to send it again", () => {
    const why = message("analyzer_no_bot", {});
    expect(deliveryOf({ delivery: "not_sent", delivery_error: why })).toEqual({
      label: t.list.delivery.not_sent,
      reason: why,
      canSendAgain: true,
    });
    expect(deliveryOf({ delivery: "not_sent", delivery_error: "  " }).reason).toBeNull();
    expect(deliveryOf({ delivery: "not_sent" }).canSendAgain).toBe(true);
  });

  it("count in Persian digits", () => {
    expect(t.list.counts(3, 1200)).toBe("۳ گفتگو، ۱٬۲۰۰ پیام");
    expect(t.list.credits(12)).toBe("۱۲ اعتبار");
  });
});

describe("the panel's changes over the server's list", () => {
  it("leave the overview as it is when there are none", () => {
    const listed = overview([report(2), report(1)]);
    expect(withChanges(listed, NO_CHANGES)).toBe(listed);
  });

  it("put a new report first", () => {
    const changes = withReport(NO_CHANGES, report(3, { delivery: "not_sent" }));
    expect(withChanges(overview([report(2), report(1)]), changes).reports.map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it("replace a listed report in place, and never list one twice", () => {
    let changes = withReport(NO_CHANGES, report(1, { delivery: "not_sent" }));
    changes = withReport(changes, report(1, { delivery: "sent" }));
    expect(changes.reports).toHaveLength(1);
    const merged = withChanges(overview([report(2), report(1, { delivery: "not_sent" })]), changes);
    expect(merged.reports.map((r) => [r.id, r.delivery])).toEqual([
      [2, "sent"],
      [1, "sent"],
    ]);
  });

  it("keep several new reports newest first", () => {
    const changes = withReport(withReport(NO_CHANGES, report(4)), report(5));
    expect(withChanges(overview([report(2)]), changes).reports.map((r) => r.id)).toEqual([5, 4, 2]);
  });

  it("take the schedule the panel saved", () => {
    const schedule = { daily: false, hour: 14 };
    const merged = withChanges(overview([]), { ...NO_CHANGES, schedule });
    expect(merged.schedule).toEqual(schedule);
    expect(merged.channels).toBe(1);
  });
});

describe("a failed report", () => {
  it("is news, not an alarm, when nothing new was said", () => {
    const text = message("analyzer_nothing_new", {});
    expect(reportProblem(new ApiError(409, "analyzer_nothing_new", text))).toEqual({ kind: "info", text, buyCredits: false });
  });

  it("is an alarm in the server's words otherwise, pointing to credits when they ran out", () => {
    const noContainer = message("analyzer_no_container", {});
    expect(reportProblem(new ApiError(409, "analyzer_no_container", noContainer))).toEqual({
      kind: "alarm",
      text: noContainer,
      buyCredits: false,
    });
    const credits = message("insufficient_credits", {});
    expect(reportProblem(new ApiError(402, "insufficient_credits", credits))).toEqual({
      kind: "alarm",
      text: credits,
      buyCredits: true,
    });
  });

  it("reads in Persian even when it is not the server's", () => {
    expect(reportProblem(new Error("boom"))).toEqual({ kind: "alarm", text: message("internal_error", {}), buyCredits: false });
  });
});
