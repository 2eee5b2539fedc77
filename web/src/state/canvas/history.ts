// The canvas's history for undo and redo (issue #16): what the person did,
// as plain steps that say how to go back. Each action records, when it
// succeeds, the operation that reverses it; undoing performs that operation
// through the same actions (replay.ts), which answers the operation that
// reverses it again, for redo. Undo and redo call the actions with
// `record: false`, so they never record themselves.
//
// Operations name nodes by the canvas id they had when recorded. A node an
// undo recreates gets a new id from the server; `ids` maps the old id to the
// new one, so steps recorded earlier still reach it.
import type { NodeKind, NodePayload, Position } from "@dastyar/rules";
import { atom, type Getter, type Setter } from "jotai";
import type { AnyNodeData } from "../../canvas/model";
import { projectIdAtom } from "./atoms";
import type { Placement } from "./move";

/** A node as an undo recreates it: its kind, stored name and payload, where it was. */
export type PieceNode = {
  id: string;
  kind: NodeKind;
  label: string;
  /** The kind's payload as the API takes it on create; null for kinds never stored. */
  data: NodePayload | null;
  position: Position;
  parent?: string;
};

export type PieceEdge = { source: string; target: string };

/** Nodes taken off the canvas, their edges, and the children a removed container freed. */
export type Removed = {
  nodes: PieceNode[];
  edges: PieceEdge[];
  members: { id: string; container: string; position: Position }[];
};

/** One way back (or forward): performed by replay.ts. */
export type Op =
  | { do: "remove"; ids: string[] }
  | { do: "restore"; removed: Removed }
  | { do: "connect"; source: string; target: string }
  | { do: "disconnect"; source: string; target: string }
  | { do: "place"; moves: { id: string; to: Placement }[] }
  | { do: "group"; container: string; members: string[] }
  | { do: "ungroup"; container: string; members: { id: string; to: Placement }[] }
  | { do: "save"; id: string; data: AnyNodeData };

/** Whether an action records itself (undo and redo replay actions with `record: false`). */
export type Recording = { record?: boolean };

/** A step of the history: what it was, for people, and the operations that reverse it, in order. */
export type Entry = { label: string; ops: Op[] };

/** The most steps kept; older ones are forgotten. */
export const HISTORY_LIMIT = 100;

type History = {
  projectId: number | null;
  /** Steps to undo, the latest last. */
  past: Entry[];
  /** Steps to redo, the next last. */
  future: Entry[];
  /** Old canvas id → the id the node has since an undo recreated it. */
  ids: ReadonlyMap<string, string>;
  /** Counts recordings, so a step undone meanwhile does not come back after a new action. */
  generation: number;
};

const EMPTY: Omit<History, "projectId"> = { past: [], future: [], ids: new Map(), generation: 0 };

const historyStateAtom = atom<History>({ projectId: null, ...EMPTY });

/** The open project's history (another project's is forgotten). */
export function historyOf(get: Getter): History {
  const history = get(historyStateAtom);
  const projectId = get(projectIdAtom);
  return history.projectId === projectId ? history : { projectId, ...EMPTY };
}

/** Writes the open project's history. */
export const writeHistoryAtom = atom(null, (_get, set, history: History) => set(historyStateAtom, history));

/** Starts the project's history afresh (a canvas opened). */
export const clearHistoryAtom = atom(null, (get, set) => {
  set(historyStateAtom, { projectId: get(projectIdAtom), ...EMPTY });
});

/** Steps recorded while a batch runs, gathered into one (see batchAtom). */
const batchStateAtom = atom<{ depth: number; entries: Entry[] } | null>(null);

const pushAtom = atom(null, (get, set, entry: Entry) => {
  const history = historyOf(get);
  set(historyStateAtom, {
    ...history,
    past: [...history.past, entry].slice(-HISTORY_LIMIT),
    future: [],
    generation: history.generation + 1,
  });
});

/**
 * Records a step the person just took in project `projectId` (the project
 * open when the action began: an answer arriving after the canvas changed
 * project is not this project's step). Redo steps are dropped.
 */
export const recordAtom = atom(null, (get, set, entry: Entry, projectId: number | null) => {
  if (projectId === null || projectId !== get(projectIdAtom) || entry.ops.length === 0) return;
  const batch = get(batchStateAtom);
  if (batch) set(batchStateAtom, { ...batch, entries: [...batch.entries, entry] });
  else set(pushAtom, entry);
});

/**
 * Runs `work` (several actions the person took as one: deleting a
 * selection, grouping and making room for the group) so that what it
 * records is one step, named `label` (or the one step's own name). Undone,
 * the latest of its actions goes back first.
 */
export const batchAtom = atom(null, async <T,>(get: Getter, set: Setter, label: string, work: () => Promise<T>): Promise<T> => {
  const projectId = get(projectIdAtom);
  const open = get(batchStateAtom);
  set(batchStateAtom, open ? { ...open, depth: open.depth + 1 } : { depth: 1, entries: [] });
  try {
    return await work();
  } finally {
    const batch = get(batchStateAtom)!;
    if (batch.depth > 1) set(batchStateAtom, { ...batch, depth: batch.depth - 1 });
    else {
      set(batchStateAtom, null);
      const entries = batch.entries;
      if (entries.length > 0 && projectId === get(projectIdAtom)) {
        const ops = [...entries].reverse().flatMap((e) => e.ops);
        set(pushAtom, { label: entries.length === 1 ? entries[0]!.label : label, ops });
      }
    }
  }
});

/** Node `id`'s canvas id now, following every recreation since. */
export function currentId(ids: ReadonlyMap<string, string>, id: string): string {
  let now = id;
  // A chain, never a loop (each new id is fresh); the bound is a guard.
  for (let i = 0; i < HISTORY_LIMIT * 4 && ids.has(now); i++) now = ids.get(now)!;
  return now;
}

/** Notes that node `from` is now `to`. */
export const renamedAtom = atom(null, (get, set, from: string, to: string) => {
  if (from === to) return;
  const history = historyOf(get);
  const ids = new Map(history.ids);
  ids.set(from, to);
  set(historyStateAtom, { ...history, ids });
});

/** The next step to undo and to redo, for the buttons (null when there is none). */
export const nextUndoAtom = atom((get) => historyOf(get).past.at(-1) ?? null);
export const nextRedoAtom = atom((get) => historyOf(get).future.at(-1) ?? null);
