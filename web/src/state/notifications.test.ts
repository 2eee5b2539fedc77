import { constants, message } from "@dastyar/rules";
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import {
  dismissNotificationAtom,
  errorText,
  NOTIFICATION_DURATION_MS,
  notificationsAtom,
  notifyAtom,
} from "./notifications";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("notifications", () => {
  it("last the rules' notification duration, five seconds", () => {
    expect(NOTIFICATION_DURATION_MS).toBe(constants().timings.notificationDurationMs);
    expect(NOTIFICATION_DURATION_MS).toBe(5000);
  });

  it("disappear by themselves after that time, not before", () => {
    const store = createStore();
    store.set(notifyAtom, { kind: "success", text: "one" });
    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "success", text: "one" }]);

    vi.advanceTimersByTime(NOTIFICATION_DURATION_MS - 1);
    expect(store.get(notificationsAtom)).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it("each keep their own timer", () => {
    const store = createStore();
    store.set(notifyAtom, { kind: "error", text: "first" });
    vi.advanceTimersByTime(2000);
    store.set(notifyAtom, { kind: "success", text: "second" });
    expect(store.get(notificationsAtom).map((n) => n.text)).toEqual(["first", "second"]);

    vi.advanceTimersByTime(3000);
    expect(store.get(notificationsAtom).map((n) => n.text)).toEqual(["second"]);

    vi.advanceTimersByTime(2000);
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it("can be closed early, and the later timer does no harm", () => {
    const store = createStore();
    const id = store.set(notifyAtom, { kind: "success", text: "closed" });
    store.set(notifyAtom, { kind: "success", text: "kept" });
    store.set(dismissNotificationAtom, id);
    expect(store.get(notificationsAtom).map((n) => n.text)).toEqual(["kept"]);
    vi.advanceTimersByTime(NOTIFICATION_DURATION_MS);
    expect(store.get(notificationsAtom)).toEqual([]);
  });
});

describe("errorText", () => {
  it("is the server's message for an API error", () => {
    expect(errorText(new ApiError(422, "field_required", "server text"))).toBe("server text");
  });

  it("is the rules' message for the fallback code otherwise", () => {
    expect(errorText(new Error("bug"), "project_load_failed")).toBe(message("project_load_failed", {}));
    expect(errorText("??")).toBe(message("internal_error", {}));
  });
});
