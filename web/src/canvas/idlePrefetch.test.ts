import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prefetchWhenIdle } from "./idlePrefetch";

describe("prefetching when the page is idle", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("asks for the module only after the delay", () => {
    const load = vi.fn(() => Promise.resolve());
    prefetchWhenIdle(load, 3000);
    vi.advanceTimersByTime(2999);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.runAllTimers(); // the idle callback, where the browser has one
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks for nothing once cancelled", () => {
    const load = vi.fn(() => Promise.resolve());
    prefetchWhenIdle(load, 3000)();
    vi.runAllTimers();
    expect(load).not.toHaveBeenCalled();
  });

  it("leaves a failed prefetch unreported (the module is fetched again when needed)", async () => {
    const load = vi.fn(() => Promise.reject(new Error("offline")));
    prefetchWhenIdle(load, 10);
    vi.runAllTimers();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
