// Schedulers and triggers on the canvas: switching one on or off (the node
// as the server answers it goes straight into the canvas), keeping the
// node's run state (on or off, next run, run count) in step with what the
// schedule engine did, and following a run that has come due. What is in
// flight is kept here, never in node.data.
import { atom } from "jotai";
import { switchSchedule, type ScheduledKind } from "../api/schedules";
import type { RunHistory } from "../api/types";
import { databaseId, kindOfId, toFlowNode, type FlowNode } from "../canvas/model";
import type { ScheduleData } from "../canvas/nodes/scheduler/schedule";
import { nodesAtom } from "./canvas/atoms";
import { findNode, mapNode } from "./canvas/graph";
import { refreshNodesAtom } from "./canvas/refresh";
import { errorText } from "./notifications";

/** Nodes whose switch is on its way to the server. */
export const switchingSchedulesAtom = atom<ReadonlySet<string>>(new Set<string>());

/** Nodes whose due run is being followed. */
export const followingDueAtom = atom<ReadonlySet<string>>(new Set<string>());

function scheduledKind(nodeId: string): ScheduledKind | null {
  const kind = kindOfId(nodeId);
  return kind === "scheduler" || kind === "trigger" ? kind : null;
}

function scheduleData(nodes: FlowNode[], nodeId: string): ScheduleData | undefined {
  const node = findNode(nodes, nodeId);
  return node && scheduledKind(nodeId) ? (node.data as ScheduleData) : undefined;
}

const adding = (set: ReadonlySet<string>, id: string) => new Set(set).add(id);
const removing = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  next.delete(id);
  return next;
};

export type SwitchResult =
  | { ok: true; isActive: boolean }
  /** The server's Persian reason (a trigger whose message or assistant is not ready, say). */
  | { ok: false; message: string };

/** Switches node `nodeId` on or off; the canvas takes the node as the server answers it. */
export const switchScheduleAtom = atom(null, async (get, set, nodeId: string, on: boolean): Promise<SwitchResult> => {
  const kind = scheduledKind(nodeId);
  const id = databaseId(nodeId);
  // The switch is not offered for these; a stray call changes nothing.
  if (kind === null || id === null || get(switchingSchedulesAtom).has(nodeId)) {
    return { ok: true, isActive: scheduleData(get(nodesAtom), nodeId)?.isActive ?? false };
  }
  set(switchingSchedulesAtom, adding(get(switchingSchedulesAtom), nodeId));
  try {
    const data = toFlowNode(await switchSchedule(kind, id, on)).data;
    set(nodesAtom, mapNode(get(nodesAtom), nodeId, (n) => ({ ...n, data })));
    return { ok: true, isActive: (data as ScheduleData).isActive };
  } catch (error) {
    return { ok: false, message: errorText(error) };
  } finally {
    set(switchingSchedulesAtom, removing(get(switchingSchedulesAtom), nodeId));
  }
});

/** Whether the node's run state differs from what the history says the engine holds. */
export function differsFromHistory(data: ScheduleData, history: RunHistory): boolean {
  return (
    data.isActive !== history.is_active ||
    (data.nextRunTime ?? null) !== (history.next_run_time ?? null) ||
    data.currentRuns !== history.current_runs ||
    (data.maxRuns ?? null) !== (history.max_runs ?? null)
  );
}

/**
 * After reading a node's history: reads the node again when the engine
 * moved on (a run fired, its limit switched it off), so its card and panel
 * show the truth, a trigger's last run included. Answers whether it did.
 */
export const followHistoryAtom = atom(null, async (get, set, nodeId: string, history: RunHistory): Promise<boolean> => {
  const data = scheduleData(get(nodesAtom), nodeId);
  if (!data || !differsFromHistory(data, history)) return false;
  await set(refreshNodesAtom, [nodeId]);
  return true;
});

/** How long after a run came due the node is read again, and between tries while the engine has not moved on. */
export const DUE_READ_DELAY_MS = 2_000;
/** Tries before giving up (the engine may be down; the panel's polling carries on). */
export const DUE_READ_TRIES = 5;

/**
 * A countdown reached zero: reads the node again once the engine has had a
 * moment to fire, until its next run is ahead again (or it is off). One
 * follower per node, however many countdowns show it.
 */
export const followDueRunAtom = atom(null, async (get, set, nodeId: string): Promise<void> => {
  if (get(followingDueAtom).has(nodeId)) return;
  set(followingDueAtom, adding(get(followingDueAtom), nodeId));
  try {
    for (let i = 0; i < DUE_READ_TRIES; i++) {
      await new Promise((resolve) => setTimeout(resolve, DUE_READ_DELAY_MS));
      await set(refreshNodesAtom, [nodeId]);
      const data = scheduleData(get(nodesAtom), nodeId);
      if (!data?.isActive || !data.nextRunTime || Date.parse(data.nextRunTime) > Date.now()) return;
    }
  } finally {
    set(followingDueAtom, removing(get(followingDueAtom), nodeId));
  }
});
