import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clockAtom, TICK_MS } from "./clock";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the clock", () => {
  it("ticks each second while read, and stops when nobody reads it", () => {
    const store = createStore();
    const seen: number[] = [];
    const stop = store.sub(clockAtom, () => seen.push(store.get(clockAtom)));
    expect(store.get(clockAtom)).toBe(1_700_000_000_000);
    vi.advanceTimersByTime(TICK_MS * 3);
    expect(seen).toEqual([1_700_000_001_000, 1_700_000_002_000, 1_700_000_003_000]);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("starts from the time now when read again", () => {
    const store = createStore();
    store.sub(clockAtom, () => {})();
    vi.advanceTimersByTime(60_000);
    const stop = store.sub(clockAtom, () => {});
    expect(store.get(clockAtom)).toBe(1_700_000_060_000);
    stop();
  });
});
