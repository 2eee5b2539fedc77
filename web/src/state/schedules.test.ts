// Switching schedulers and triggers, keeping their run state in step with the
// engine, and following a run that came due.
import { message } from "@dastyar/rules";
import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import { getNode } from "../api/nodes";
import { switchSchedule } from "../api/schedules";
import type { RunHistory } from "../api/types";
import type { ScheduleData } from "../canvas/nodes/scheduler/schedule";
import { nodesAtom } from "./canvas/atoms";
import { deferred, flowNode, isolateEachTest, NOW, nodeView } from "./canvas/testFixtures";
import {
  differsFromHistory,
  DUE_READ_DELAY_MS,
  DUE_READ_TRIES,
  followDueRunAtom,
  followHistoryAtom,
  followingDueAtom,
  switchingSchedulesAtom,
  switchScheduleAtom,
} from "./schedules";

vi.mock("../api/schedules");
vi.mock("../api/nodes");

isolateEachTest();

const NEXT = new Date(NOW + 300_000).toISOString();
const NOT_CREATED = message("assistant_not_created", {});

function canvasWith(id: string, data: Record<string, unknown> = {}) {
  const store = createStore();
  store.set(nodesAtom, [flowNode(id, data, { position: { x: 40, y: 60 } }), flowNode("assistant-1")]);
  return store;
}

const dataOf = (store: ReturnType<typeof createStore>, id: string) =>
  store.get(nodesAtom).find((n) => n.id === id)!.data as ScheduleData;

describe("switching", () => {
  it("takes the node as the server answers it, where it is on the canvas, and marks the switch busy meanwhile", async () => {
    const store = canvasWith("trigger-7");
    const answer = deferred<ReturnType<typeof nodeView>>();
    vi.mocked(switchSchedule).mockReturnValue(answer.promise);
    const done = store.set(switchScheduleAtom, "trigger-7", true);
    expect(switchSchedule).toHaveBeenCalledWith("trigger", 7, true);
    expect(store.get(switchingSchedulesAtom).has("trigger-7")).toBe(true);

    answer.resolve(nodeView("trigger-7", { isActive: true, nextRunTime: NEXT }, { position: { x: 999, y: 999 } }));
    await expect(done).resolves.toEqual({ ok: true, isActive: true });
    expect(store.get(switchingSchedulesAtom).size).toBe(0);
    const node = store.get(nodesAtom).find((n) => n.id === "trigger-7")!;
    expect(node.position).toEqual({ x: 40, y: 60 });
    expect(node.data).toMatchObject({ isActive: true, nextRunTime: NEXT });
  });

  it("answers the server's Persian reason when it refuses, and leaves the node as it was", async () => {
    const store = canvasWith("trigger-7");
    vi.mocked(switchSchedule).mockRejectedValue(new ApiError(422, "assistant_not_created", NOT_CREATED));
    const before = store.get(nodesAtom);
    await expect(store.set(switchScheduleAtom, "trigger-7", true)).resolves.toEqual({ ok: false, message: NOT_CREATED });
    expect(store.get(nodesAtom)).toBe(before);
    expect(store.get(switchingSchedulesAtom).size).toBe(0);
  });

  it("sends nothing while a switch of the same node is on its way, or for a node not saved yet", async () => {
    const store = canvasWith("scheduler-3");
    const answer = deferred<ReturnType<typeof nodeView>>();
    vi.mocked(switchSchedule).mockReturnValue(answer.promise);
    void store.set(switchScheduleAtom, "scheduler-3", true);
    await store.set(switchScheduleAtom, "scheduler-3", true);
    await store.set(switchScheduleAtom, "scheduler-temp-1700000000000", true);
    expect(switchSchedule).toHaveBeenCalledOnce();
    expect(switchSchedule).toHaveBeenCalledWith("scheduler", 3, true);
    answer.resolve(nodeView("scheduler-3", { isActive: true }));
  });
});

describe("keeping the node in step with its history", () => {
  const history = (over: Partial<RunHistory> = {}): RunHistory => ({
    is_active: true,
    next_run_time: NEXT,
    current_runs: 2,
    runs: [],
    ...over,
  });
  const node = (over: Partial<ScheduleData> = {}) =>
    ({ ...(flowNode("scheduler-3").data as ScheduleData), isActive: true, nextRunTime: NEXT, currentRuns: 2, ...over });

  it("sees when the engine moved on", () => {
    expect(differsFromHistory(node(), history())).toBe(false);
    expect(differsFromHistory(node(), history({ current_runs: 3 }))).toBe(true);
    expect(differsFromHistory(node(), history({ next_run_time: "2025-01-01T00:00:00Z" }))).toBe(true);
    expect(differsFromHistory(node(), history({ is_active: false }))).toBe(true);
    expect(differsFromHistory(node(), history({ max_runs: 5 }))).toBe(true);
    expect(differsFromHistory(node({ nextRunTime: undefined, isActive: false }), history({ is_active: false, next_run_time: undefined }))).toBe(
      false,
    );
  });

  it("reads the node again only when it did", async () => {
    const store = canvasWith("scheduler-3", { isActive: true, nextRunTime: NEXT, currentRuns: 2 });
    await expect(store.set(followHistoryAtom, "scheduler-3", history())).resolves.toBe(false);
    expect(getNode).not.toHaveBeenCalled();

    vi.mocked(getNode).mockResolvedValue(nodeView("scheduler-3", { isActive: false, currentRuns: 3 }));
    await expect(store.set(followHistoryAtom, "scheduler-3", history({ is_active: false, current_runs: 3 }))).resolves.toBe(true);
    expect(getNode).toHaveBeenCalledWith("scheduler", 3);
    expect(dataOf(store, "scheduler-3")).toMatchObject({ isActive: false, currentRuns: 3 });
  });
});

describe("following a run that came due", () => {
  it("reads the node again after a moment, until its next run is ahead", async () => {
    const store = canvasWith("trigger-7", { isActive: true, nextRunTime: new Date(NOW).toISOString() });
    const later = new Date(NOW + 600_000).toISOString();
    vi.mocked(getNode)
      // The engine has not fired yet on the first read.
      .mockResolvedValueOnce(nodeView("trigger-7", { isActive: true, nextRunTime: new Date(NOW).toISOString() }))
      .mockResolvedValueOnce(nodeView("trigger-7", { isActive: true, nextRunTime: later, currentRuns: 1 }));
    const done = store.set(followDueRunAtom, "trigger-7");
    // A second countdown showing the same node adds no reads.
    void store.set(followDueRunAtom, "trigger-7");
    expect(store.get(followingDueAtom).has("trigger-7")).toBe(true);
    expect(getNode).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DUE_READ_DELAY_MS);
    expect(getNode).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DUE_READ_DELAY_MS);
    await done;
    expect(getNode).toHaveBeenCalledTimes(2);
    expect(dataOf(store, "trigger-7")).toMatchObject({ nextRunTime: later, currentRuns: 1 });
    expect(store.get(followingDueAtom).size).toBe(0);
    await vi.advanceTimersByTimeAsync(DUE_READ_DELAY_MS * 3);
    expect(getNode).toHaveBeenCalledTimes(2);
  });

  it("gives up after a few tries when the engine does not move on", async () => {
    const past = new Date(NOW - 1_000).toISOString();
    const store = canvasWith("scheduler-3", { isActive: true, nextRunTime: past });
    vi.mocked(getNode).mockResolvedValue(nodeView("scheduler-3", { isActive: true, nextRunTime: past }));
    const done = store.set(followDueRunAtom, "scheduler-3");
    await vi.advanceTimersByTimeAsync(DUE_READ_DELAY_MS * (DUE_READ_TRIES + 2));
    await done;
    expect(getNode).toHaveBeenCalledTimes(DUE_READ_TRIES);
    expect(store.get(followingDueAtom).size).toBe(0);
  });

  it("stops once the node is off", async () => {
    const store = canvasWith("scheduler-3", { isActive: true, nextRunTime: new Date(NOW).toISOString() });
    vi.mocked(getNode).mockResolvedValue(nodeView("scheduler-3", { isActive: false }));
    const done = store.set(followDueRunAtom, "scheduler-3");
    await vi.advanceTimersByTimeAsync(DUE_READ_DELAY_MS * 3);
    await done;
    expect(getNode).toHaveBeenCalledTimes(1);
  });
});
