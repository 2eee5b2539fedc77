// @vitest-environment happy-dom
import { defaultNodeData } from "@dastyar/rules";
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fa } from "../../../i18n/fa";
import { loadLazyRules } from "../../lazyRules";
import { intervalValueOf, maxRunsOf, ScheduleFields, timezoneOptions, type ScheduleData } from "./ScheduleFields";

describe("what the schedule boxes hand the rules", () => {
  it("keeps whole intervals and turns a fraction into no interval (the rules then refuse it)", () => {
    expect(intervalValueOf(5)).toBe(5);
    expect(intervalValueOf(0)).toBe(0);
    expect(intervalValueOf(2.5)).toBeNull();
    expect(intervalValueOf(null)).toBeNull();
    expect(intervalValueOf(1e300)).toBeNull();
  });

  it("reads an empty run limit as unlimited and refuses a fraction", () => {
    expect(maxRunsOf(null)).toBeUndefined();
    expect(maxRunsOf(10)).toBe(10);
    expect(maxRunsOf(1.5)).toBe("fraction");
  });

  it("offers the four timezones and keeps a stored one that is not among them", () => {
    const offered = timezoneOptions("Asia/Tehran").map((o) => o.value);
    expect(offered).toEqual(["Asia/Tehran", "UTC", "Europe/London", "America/New_York"]);
    expect(timezoneOptions("Asia/Tokyo").map((o) => o.value)).toContain("Asia/Tokyo");
  });
});

describe("ScheduleFields", () => {
  // Its run times come from the lazy rules: here before each render but the first test's.
  beforeAll(() => loadLazyRules());
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  const base = defaultNodeData("scheduler").data as ScheduleData;
  const render = (data: ScheduleData) =>
    act(() => root.render(createElement(ScheduleFields, { data, update: () => {}, error: () => undefined })));
  const preview = () => [...host.querySelectorAll('[data-testid="schedule-preview"] li')].map((li) => li.textContent ?? "");

  it("says it is working out the runs until the lazy rules are here, then previews them", async () => {
    // Fresh modules: nothing fetched yet.
    vi.resetModules();
    const fresh = await import("./ScheduleFields");
    const lazy = await import("../../lazyRules");
    act(() => root.render(createElement(fresh.ScheduleFields, { data: base, update: () => {}, error: () => undefined })));
    const section = () => host.querySelector('[data-testid="schedule-preview"]')?.textContent;
    expect(section()).toContain(fa.nodes.scheduler.schedule.previewLoading);
    expect(preview()).toEqual([]);
    await act(() => lazy.loadLazyRules());
    expect(preview()).toHaveLength(5);
    expect(section()).not.toContain(fa.nodes.scheduler.schedule.previewLoading);
  });

  it("previews the next five runs of a valid schedule in Persian digits", () => {
    render(base);
    const runs = preview();
    expect(runs).toHaveLength(5);
    for (const run of runs) expect(run).toMatch(/^[\u06F0-\u06F9]+ \S+ [\u06F0-\u06F9]{4}/);
    expect(host.querySelector('input[name="intervalValue"]')).not.toBeNull();
    expect(host.querySelector('input[name="cronExpression"]')).toBeNull();
  });

  it("shows the cron box instead for a cron schedule, and no preview while it is empty", () => {
    render({ ...base, scheduleType: "cron", cronExpression: "" });
    expect(host.querySelector('input[name="cronExpression"]')).not.toBeNull();
    expect(preview()).toEqual([]);
    expect(host.querySelector('[data-testid="schedule-preview"]')?.textContent).toContain(fa.nodes.scheduler.schedule.noPreview);
  });

  it("previews a daily cron at its wall-clock time in the chosen zone", () => {
    render({ ...base, scheduleType: "cron", cronExpression: "30 9 * * *", timezone: "Asia/Tehran" });
    const runs = preview();
    expect(runs).toHaveLength(5);
    // ۰۹:۳۰ in Persian digits.
    for (const run of runs) expect(run).toContain("\u06F0\u06F9:\u06F3\u06F0");
  });
});
