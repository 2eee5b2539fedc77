// Schedulers' and triggers' runs: switching one on or off, where it stands
// with its latest runs, and a run now (a scheduler's test run, a trigger's
// test message). `id` is always the node's database id.
import type { NodeView, RunHistory, RunView, TriggerTest, TriggerTestOutcome } from "./types";
import { request } from "./client";

/** The kinds the schedule engine runs. */
export type ScheduledKind = "scheduler" | "trigger";

/**
 * Switches the node on or off; answers the node as it now is (`nextRunTime`
 * set when on). A trigger is set to `on` (activate, deactivate), refused with
 * the rules' Persian reason when its message, schedule or assistant is not
 * ready; a scheduler has only a flip, so `on` is what the caller believes it
 * asks for and the answer says what it got.
 */
export function switchSchedule(kind: ScheduledKind, id: number, on: boolean): Promise<NodeView> {
  const path = kind === "trigger" ? `/trigger/${id}/${on ? "activate" : "deactivate"}` : `/scheduler/${id}/toggle`;
  return request(path, { method: "PATCH" });
}

/** Whether it is on, its next run and run count, and its latest runs (newest first, the server's default count). */
export function runHistory(kind: ScheduledKind, id: number, signal?: AbortSignal): Promise<RunHistory> {
  return request(`/${kind}/${id}/history`, { signal });
}

/** Calls the scheduler's request now, outside its schedule and not counted; answers the run as it ended. */
export function runSchedulerNow(id: number): Promise<RunView> {
  return request(`/scheduler/${id}/test-run`, { method: "POST" });
}

/**
 * Sends the trigger's message (or `testMessage`, when given) to its
 * assistant now; answers how it went with the run (the message, the answer,
 * each delivery). A blank test message is refused: leave it out instead.
 */
export function testTrigger(id: number, testMessage?: string): Promise<TriggerTestOutcome> {
  const body: TriggerTest = testMessage === undefined ? {} : { test_message: testMessage };
  return request(`/trigger/${id}/test`, { method: "POST", body });
}
