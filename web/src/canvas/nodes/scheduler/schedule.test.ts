import { defaultNodeData, type Schedule } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { fa } from "../../../i18n/fa";
import { scheduleOf, scheduleSummary } from "./schedule";

const words = fa.nodes.scheduler.schedule;
const base = scheduleOf(defaultNodeData("trigger").data as Schedule);

describe("scheduleSummary", () => {
  it("says the default as every 5 minutes, in Persian digits", () => {
    expect(scheduleSummary(base)).toBe(words.every(5, "minutes"));
    expect(scheduleSummary(base)).toContain("\u06F5");
  });

  it("names the unit", () => {
    expect(scheduleSummary({ ...base, intervalValue: 2, intervalUnit: "hours" })).toBe(words.every(2, "hours"));
    expect(words.every(2, "hours")).not.toBe(words.every(2, "days"));
  });

  it("shows a cron schedule by its expression", () => {
    expect(scheduleSummary({ ...base, scheduleType: "cron", cronExpression: " */15 * * * * " })).toBe(words.cron("*/15 * * * *"));
  });

  it("says when the rules find the schedule invalid", () => {
    expect(scheduleSummary({ ...base, intervalValue: 0 })).toBe(words.invalid);
    expect(scheduleSummary({ ...base, scheduleType: "cron", cronExpression: "" })).toBe(words.invalid);
    expect(scheduleSummary({ ...base, timezone: "Mars/Olympus" })).toBe(words.invalid);
  });

  it("picks only the schedule out of a node's data", () => {
    const data = defaultNodeData("trigger").data as Schedule & { messageTemplate: string };
    expect(Object.keys(scheduleOf(data)).sort()).toEqual(["cronExpression", "intervalUnit", "intervalValue", "scheduleType", "timezone"]);
  });
});
