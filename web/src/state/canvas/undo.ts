// Undo and redo: the history's next step performed through the same actions
// the person uses (the same API calls and rules), never recorded again.
// Performing a step answers the step that reverses it, which goes onto the
// other stack. What the server or the rules refuse is said (the action's own
// message, then which step could not be undone) and the step stays where it
// was, to try again; a step half done says so and keeps what did happen.
import { stripSecrets, type NodeKind } from "@dastyar/rules";
import { atom, type Getter, type Setter } from "jotai";
import type { AnyNodeData } from "../../canvas/model";
import { fa } from "../../i18n/fa";
import { notifyAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { connectAtom } from "./connect";
import { groupNodesAtom } from "./containers";
import { deleteEdgeAtom } from "./deleteEdge";
import { deleteNodeAtom } from "./deleteNode";
import { findNode } from "./graph";
import {
  currentId,
  historyOf,
  renamedAtom,
  writeHistoryAtom,
  type Entry,
  type Op,
  type PieceNode,
  type Removed,
} from "./history";
import { placeNodeAtom, placementOf, type Placement } from "./move";
import { snapshotRemoval } from "./removal";
import { restoreAtom } from "./restore";
import { saveNodeAtom } from "./save";

type Direction = "undo" | "redo";

/** What performing one operation did: the operation reversing what happened (null: nothing did), and whether all of it did. */
type Outcome = { inverse: Op | null; complete: boolean; gone?: boolean };

const NOTHING: Outcome = { inverse: null, complete: false };

/** Nothing to act on: the step's nodes are no longer on the canvas (deleted since, in this tab or another). */
const GONE: Outcome = { inverse: null, complete: false, gone: true };

/** The means an operation is performed with: the store and the history's ids. */
type Replay = { get: Getter; set: Setter; now: (id: string) => string };

const on = (get: Getter, id: string) => findNode(get(nodesAtom), id) !== undefined;

async function remove({ get, set, now }: Replay, ids: string[]): Promise<Outcome> {
  const present = ids.map(now).filter((id) => on(get, id));
  const removed = snapshotRemoval(get(nodesAtom), get(edgesAtom), present);
  // Children before their containers, so a container goes empty.
  const order = [
    ...present.filter((id) => findNode(get(nodesAtom), id)?.type !== "container"),
    ...present.filter((id) => findNode(get(nodesAtom), id)?.type === "container"),
  ];
  const gone = new Set<string>();
  for (const id of order) if (await set(deleteNodeAtom, id, { record: false })) gone.add(id);
  if (present.length > 0 && gone.size === 0) return NOTHING;
  const touches = (e: { source: string; target: string }) => gone.has(e.source) || gone.has(e.target);
  const back: Removed = {
    nodes: removed.nodes.filter((n) => gone.has(n.id)),
    edges: removed.edges.filter(touches),
    members: removed.members.filter((m) => gone.has(m.container)),
  };
  return { inverse: { do: "restore", removed: back }, complete: gone.size === present.length };
}

async function restore({ set, now }: Replay, removed: Removed): Promise<Outcome> {
  const { ids, complete } = await set(restoreAtom, removed, now);
  for (const [from, to] of ids) set(renamedAtom, from, to);
  if (removed.nodes.length > 0 && ids.size === 0) return NOTHING;
  const secret = removed.nodes.filter((n) => ids.has(n.id) && holdsSecrets(n));
  if (secret.length > 0) {
    set(notifyAtom, { kind: "error", text: fa.editing.secretsToEnter(secret.map((n) => n.label)) });
  }
  return { inverse: { do: "remove", ids: [...ids.values()] }, complete };
}

/** Whether a node's payload held a token, key or password (which never comes back: only its mask was known). */
export function holdsSecrets(piece: PieceNode): boolean {
  return piece.data !== null && stripSecrets(piece.kind as NodeKind, { ...piece.data }).removed.length > 0;
}

async function connect({ get, set, now }: Replay, source: string, target: string): Promise<Outcome> {
  const ends = { source: now(source), target: now(target) };
  if (!on(get, ends.source) || !on(get, ends.target)) return GONE;
  const drawn = await set(connectAtom, ends, { record: false });
  return drawn === null ? NOTHING : { inverse: { do: "disconnect", ...ends }, complete: true };
}

async function disconnect({ get, set, now }: Replay, source: string, target: string): Promise<Outcome> {
  const ends = { source: now(source), target: now(target) };
  const edge = get(edgesAtom).find((e) => e.source === ends.source && e.target === ends.target);
  // Already gone (another tab, say): there is nothing left to undo.
  if (edge && !(await set(deleteEdgeAtom, edge.id, { record: false }))) return NOTHING;
  return { inverse: { do: "connect", ...ends }, complete: true };
}

function resolved(now: (id: string) => string, at: Placement): Placement {
  return at.parentId ? { position: at.position, parentId: now(at.parentId) } : { position: at.position };
}

/** Puts each node still on the canvas where `moves` says; answers where the placed ones were, to put them back. */
async function placeAll({ get, set, now }: Replay, moves: { id: string; to: Placement }[]): Promise<{ id: string; to: Placement }[]> {
  const back: { id: string; to: Placement }[] = [];
  for (const move of moves) {
    const id = now(move.id);
    const node = findNode(get(nodesAtom), id);
    if (!node) continue;
    const from = placementOf(node);
    if (await set(placeNodeAtom, id, resolved(now, move.to))) back.push({ id, to: from });
  }
  return back;
}

async function place({ get, set, now }: Replay, moves: { id: string; to: Placement }[]): Promise<Outcome> {
  const back = await placeAll({ get, set, now }, moves);
  if (back.length === 0 && moves.length > 0) return moves.some((m) => on(get, now(m.id))) ? NOTHING : GONE;
  return { inverse: { do: "place", moves: back }, complete: back.length === moves.length };
}

async function group({ get, set, now }: Replay, container: string, members: string[]): Promise<Outcome> {
  const ids = members.map(now).filter((id) => on(get, id));
  if (ids.length === 0) return GONE;
  const before = new Map(ids.map((id) => [id, placementOf(findNode(get(nodesAtom), id)!)]));
  const made = await set(groupNodesAtom, ids, { record: false });
  if (!made) return NOTHING;
  set(renamedAtom, now(container), made);
  const inside = ids.filter((id) => findNode(get(nodesAtom), id)?.parentId === made);
  const inverse: Op = { do: "ungroup", container: made, members: inside.map((id) => ({ id, to: before.get(id)! })) };
  return { inverse, complete: inside.length === members.length };
}

async function ungroup(
  { get, set, now }: Replay,
  container: string,
  members: { id: string; to: Placement }[],
): Promise<Outcome> {
  const box = now(container);
  if (!on(get, box) && !members.some((m) => on(get, now(m.id)))) return GONE;
  const back = await placeAll({ get, set, now }, members);
  // A container still holding members stays (deleting it would free them where they are).
  const empty = !get(nodesAtom).some((n) => n.parentId === box);
  const removed = empty && (await set(deleteNodeAtom, box, { record: false }));
  if (!removed) {
    if (back.length === 0) return NOTHING;
    return { inverse: { do: "place", moves: back }, complete: false };
  }
  const ids = members.map((m) => now(m.id));
  return { inverse: { do: "group", container: box, members: ids }, complete: back.length === members.length };
}

async function save({ get, set, now }: Replay, id: string, data: AnyNodeData): Promise<Outcome> {
  const nodeId = now(id);
  const node = findNode(get(nodesAtom), nodeId);
  if (!node) return GONE;
  const result = await set(saveNodeAtom, nodeId, data, { record: false });
  if (!result.ok) {
    // The rules refuse the saved settings now (they changed since): say how.
    for (const problem of result.problems.slice(0, 1)) set(notifyAtom, { kind: "error", text: problem.message });
    return NOTHING;
  }
  if (findNode(get(nodesAtom), nodeId)?.data.creationStatus === "error") return NOTHING;
  return { inverse: { do: "save", id: nodeId, data: node.data }, complete: true };
}

function perform(replay: Replay, op: Op): Promise<Outcome> {
  switch (op.do) {
    case "remove":
      return remove(replay, op.ids);
    case "restore":
      return restore(replay, op.removed);
    case "connect":
      return connect(replay, op.source, op.target);
    case "disconnect":
      return disconnect(replay, op.source, op.target);
    case "place":
      return place(replay, op.moves);
    case "group":
      return group(replay, op.container, op.members);
    case "ungroup":
      return ungroup(replay, op.container, op.members);
    case "save":
      return save(replay, op.id, op.data);
  }
}

/** Performs a step's operations in order; answers the step reversing what happened, or null when nothing did. */
async function performEntry(
  replay: Replay,
  entry: Entry,
): Promise<{ reverse: Entry | null; complete: boolean; gone: boolean }> {
  const inverses: Op[] = [];
  let complete = true;
  let gone = false;
  for (const op of entry.ops) {
    const outcome = await perform(replay, op);
    if (outcome.inverse) inverses.push(outcome.inverse);
    if (!outcome.complete) {
      complete = false;
      gone = outcome.gone ?? false;
      break;
    }
  }
  if (inverses.length === 0) return { reverse: null, complete: false, gone };
  return { reverse: { label: entry.label, ops: inverses.reverse() }, complete, gone: false };
}

const stepAtom = atom(null, async (get, set, direction: Direction): Promise<boolean> => {
  const history = historyOf(get);
  const projectId = history.projectId;
  const from = direction === "undo" ? history.past : history.future;
  const entry = from.at(-1);
  if (!entry) return false;
  const index = from.length - 1;
  const generation = history.generation;
  set(writeHistoryAtom, direction === "undo" ? { ...history, past: from.slice(0, -1) } : { ...history, future: from.slice(0, -1) });

  const replay: Replay = { get, set, now: (id) => currentId(historyOf(get).ids, id) };
  const { reverse, complete, gone } = await performEntry(replay, entry);
  if (get(projectIdAtom) !== projectId) return false;

  const after = historyOf(get);
  if (!reverse && gone) {
    // What it would act on is gone: no retry can do it. Said, and left behind, so the steps before it stay reachable.
    const text = direction === "undo" ? fa.editing.undoGone(entry.label) : fa.editing.redoGone(entry.label);
    set(notifyAtom, { kind: "error", text });
    return false;
  }
  if (!reverse) {
    // Nothing happened: the step stays where it was, to try again.
    const stack = direction === "undo" ? after.past : after.future;
    const back = [...stack.slice(0, index), entry, ...stack.slice(index)];
    set(writeHistoryAtom, direction === "undo" ? { ...after, past: back } : { ...after, future: back });
    const text = direction === "undo" ? fa.editing.undoRefused(entry.label) : fa.editing.redoRefused(entry.label);
    set(notifyAtom, { kind: "error", text });
    return false;
  }
  if (!complete) {
    const text = direction === "undo" ? fa.editing.undoPartial(entry.label) : fa.editing.redoPartial(entry.label);
    set(notifyAtom, { kind: "error", text });
  }
  if (direction === "redo") set(writeHistoryAtom, { ...after, past: [...after.past, reverse] });
  // A new action since the undo began has dropped the redo steps: this one goes with them.
  else if (after.generation === generation) set(writeHistoryAtom, { ...after, future: [...after.future, reverse] });
  return complete;
});

/** Undo and redo run one after another, in the order asked (Ctrl+Z pressed three times undoes three steps). */
const queueAtom = atom<Promise<unknown>>(Promise.resolve());

function queued(direction: Direction) {
  return atom(null, (get, set): Promise<boolean> => {
    const next = get(queueAtom).then(() => set(stepAtom, direction));
    set(
      queueAtom,
      next.catch(() => false),
    );
    return next;
  });
}

/** Undoes the latest step; answers whether it was wholly undone. */
export const undoAtom = queued("undo");
/** Redoes the latest undone step; answers whether it was wholly redone. */
export const redoAtom = queued("redo");
