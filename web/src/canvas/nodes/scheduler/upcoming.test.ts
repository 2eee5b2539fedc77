import { defaultNodeData } from "@dastyar/rules";
import { nextRuns } from "@dastyar/rules/lazy";
import { describe, expect, it } from "vitest";
import { scheduleOf, type ScheduleData } from "./schedule";
import { previewStart, upcomingRuns } from "./upcoming";

const base = defaultNodeData("scheduler").data as ScheduleData;
const NOW = new Date("2025-03-21T08:00:00Z");
const running: ScheduleData = { ...base, isActive: true, nextRunTime: "2025-03-21T08:03:20Z", currentRuns: 2 };

describe("previewStart", () => {
  it("is the engine's next run while the node is on with the schedule being shown", () => {
    expect(previewStart(running, running)).toEqual({ from: "2025-03-21T08:03:20Z" });
  });

  it("counts the runs a limit leaves", () => {
    const limited = { ...running, maxRuns: 5 };
    expect(previewStart(limited, limited)).toEqual({ from: "2025-03-21T08:03:20Z", remaining: 3 });
    expect(previewStart(limited, { ...limited, currentRuns: 9 })?.remaining).toBe(0);
  });

  it("is none while off, before a next run is set, or with the schedule or its limit edited", () => {
    expect(previewStart(base, base)).toBeUndefined();
    expect(previewStart(running, undefined)).toBeUndefined();
    expect(previewStart(running, { ...running, nextRunTime: undefined })).toBeUndefined();
    expect(previewStart({ ...running, intervalValue: 10 }, running)).toBeUndefined();
    expect(previewStart({ ...running, timezone: "UTC" }, running)).toBeUndefined();
    expect(previewStart({ ...running, maxRuns: 5 }, { ...running, maxRuns: 9 })).toEqual({ from: "2025-03-21T08:03:20Z" });
  });
});

describe("upcomingRuns", () => {
  const every5 = scheduleOf(base);

  it("counts from now without a start, as switching it on would", () => {
    expect(upcomingRuns(nextRuns, every5, undefined, NOW, 3)).toEqual([
      "2025-03-21T08:05:00.000Z",
      "2025-03-21T08:10:00.000Z",
      "2025-03-21T08:15:00.000Z",
    ]);
  });

  it("keeps the phase of the engine's next run", () => {
    expect(upcomingRuns(nextRuns, every5, { from: "2025-03-21T08:03:20Z" }, NOW, 3)).toEqual([
      "2025-03-21T08:03:20.000Z",
      "2025-03-21T08:08:20.000Z",
      "2025-03-21T08:13:20.000Z",
    ]);
  });

  it("stops at the run limit", () => {
    expect(upcomingRuns(nextRuns, every5, { from: "2025-03-21T08:03:20.000Z", remaining: 2 }, NOW, 5)).toHaveLength(2);
    expect(upcomingRuns(nextRuns, every5, { from: "2025-03-21T08:03:20.000Z", remaining: 0 }, NOW, 5)).toEqual([]);
  });

  it("counts from now once the engine's next run has passed", () => {
    expect(upcomingRuns(nextRuns, every5, { from: "2025-03-21T07:59:00Z" }, NOW, 1)).toEqual(["2025-03-21T08:05:00.000Z"]);
  });

  it("is null for a schedule the rules refuse", () => {
    expect(upcomingRuns(nextRuns, { ...every5, intervalValue: 0 }, undefined, NOW, 5)).toBeNull();
    expect(upcomingRuns(nextRuns, { ...every5, intervalValue: 0 }, { from: "2025-03-21T08:03:20.000Z", remaining: 1 }, NOW, 5)).toBeNull();
  });
});
