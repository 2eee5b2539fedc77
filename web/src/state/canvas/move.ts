// Moving nodes (spec §4): a position is saved once, when a drag ends, for
// kinds that may be positioned; dropping a node on a container puts it in,
// dragging it out of its container takes it out (placed to the container's
// right); a failed move into or out of a container puts the node back.
import {
  dropTarget,
  message,
  positionOutsideContainer,
  relativePosition,
  type NodeKind,
  type Position,
} from "@dastyar/rules";
import { atom } from "jotai";
import { saveNodePosition, setNodeContainer } from "../../api/nodes";
import { kindInfoOf } from "../../canvas/kinds";
import { databaseId, savedRef, type FlowNode } from "../../canvas/model";
import { notifyAtom } from "../notifications";
import { fa } from "../../i18n/fa";
import { nodesAtom, projectIdAtom } from "./atoms";
import { absoluteOf, boxOf, dropBoxes } from "./containerGeometry";
import { findNode, mapNode } from "./graph";
import { recordAtom, type Recording } from "./history";

/** Where a node was when a drag began, to put it back. */
export type Placement = { position: Position; parentId?: string };

function place(nodes: FlowNode[], id: string, at: Placement): FlowNode[] {
  return mapNode(nodes, id, (n) => {
    const { parentId: _old, ...rest } = n;
    return at.parentId ? { ...rest, position: at.position, parentId: at.parentId } : { ...rest, position: at.position };
  });
}

/** Settles the drag of nodes `ids`, which began at `starts`; the nodes that moved are one step of the history. */
export const finishDragAtom = atom(
  null,
  async (get, set, ids: string[], starts: ReadonlyMap<string, Placement>, { record = true }: Recording = {}) => {
    const projectId = get(projectIdAtom);
    await Promise.all(ids.map((id) => set(settleOneAtom, id, starts.get(id))));
    if (!record) return;
    // Where each node ended (a refused move went back): those that moved go back to their start.
    const moves = ids.flatMap((id) => {
      const node = findNode(get(nodesAtom), id);
      const start = starts.get(id);
      return node && start && !samePlacement(placementOf(node), start) ? [{ id, to: start }] : [];
    });
    if (moves.length > 0) set(recordAtom, { label: fa.editing.steps.move, ops: [{ do: "place", moves }] }, projectId);
  },
);

export function placementOf(node: FlowNode): Placement {
  return node.parentId ? { position: node.position, parentId: node.parentId } : { position: node.position };
}

function samePlacement(a: Placement, b: Placement): boolean {
  return a.position.x === b.position.x && a.position.y === b.position.y && (a.parentId ?? null) === (b.parentId ?? null);
}

const settleOneAtom = atom(null, async (get, set, id: string, start: Placement | undefined) => {
  const nodes = get(nodesAtom);
  const node = findNode(nodes, id);
  if (!node) return;
  const kind = node.type as NodeKind;
  const ref = savedRef(node);
  const info = kindInfoOf(kind);
  if (!ref || !info.positionable) return;
  // Without a recorded start, back to where the drag ended (outside any new container).
  const revert = () =>
    set(nodesAtom, place(get(nodesAtom), id, start ?? { position: node.position, parentId: node.parentId }));

  const target = kind === "container" ? null : dropTarget(absoluteOf(nodes, node), dropBoxes(nodes, id));
  const parent = node.parentId ?? null;

  if (target !== null && target !== parent) {
    if (info.containerRefusal !== null) {
      revert();
      set(notifyAtom, { kind: "error", text: message(info.containerRefusal, { type: info.label }) });
      return;
    }
    const container = findNode(nodes, target)!;
    const at = relativePosition(container.position, absoluteOf(nodes, node));
    set(nodesAtom, place(get(nodesAtom), id, { position: at, parentId: target }));
    try {
      await setNodeContainer(kind, ref.id, databaseId(target), at);
      set(notifyAtom, { kind: "success", text: message("node_added_to_container", {}) });
    } catch {
      revert();
      set(notifyAtom, { kind: "error", text: message("node_add_to_container_failed", {}) });
    }
    return;
  }

  if (target === null && parent !== null) {
    await set(takeOutOfContainerAtom, id, start);
    return;
  }

  try {
    await saveNodePosition(kind, ref.id, node.position);
  } catch {
    set(notifyAtom, { kind: "error", text: message("node_position_failed", {}) });
  }
});

/**
 * Takes node `id` out of its container, placing it 50 px to the right of the
 * container; on failure it goes back to `start` (or where it was).
 */
export const takeOutOfContainerAtom = atom(
  null,
  async (get, set, id: string, start?: Placement, { record = true }: Recording = {}) => {
  const projectId = get(projectIdAtom);
  const nodes = get(nodesAtom);
  const node = findNode(nodes, id);
  const container = node?.parentId ? findNode(nodes, node.parentId) : undefined;
  const ref = node ? savedRef(node) : null;
  if (!node || !container || !ref) return false;
  const before: Placement = start ?? { position: node.position, parentId: node.parentId };
  const at = positionOutsideContainer(boxOf(container), node.position);
  set(nodesAtom, place(get(nodesAtom), id, { position: at }));
  try {
    await setNodeContainer(node.type as NodeKind, ref.id, null, at);
    set(notifyAtom, { kind: "success", text: message("node_removed_from_container", {}) });
    // A drag out is recorded with the drag; the menu's "take out" is a step of its own.
    if (record && !start) {
      const op = { do: "place" as const, moves: [{ id, to: before }] };
      set(recordAtom, { label: fa.editing.steps.takeOut, ops: [op] }, projectId);
    }
    return true;
  } catch {
    set(nodesAtom, place(get(nodesAtom), id, before));
    set(notifyAtom, { kind: "error", text: message("node_remove_from_container_failed", {}) });
    return false;
  }
  },
);

/**
 * Puts node `id` at `at` with the calls a drag makes: into or out of a
 * container, or a new position; the node goes back where it was when the
 * server refuses. Answers whether it is there.
 */
export const placeNodeAtom = atom(null, async (get, set, id: string, at: Placement): Promise<boolean> => {
  const node = findNode(get(nodesAtom), id);
  const ref = node ? savedRef(node) : null;
  if (!node || !ref) return false;
  const kind = node.type as NodeKind;
  const info = kindInfoOf(kind);
  const before = placementOf(node);
  const into = at.parentId ?? null;
  const moving = into !== (node.parentId ?? null);
  if (moving && into !== null && info.containerRefusal !== null) {
    set(notifyAtom, { kind: "error", text: message(info.containerRefusal, { type: info.label }) });
    return false;
  }
  if (moving && into !== null && !findNode(get(nodesAtom), into)) return false;
  set(nodesAtom, place(get(nodesAtom), id, at));
  try {
    if (moving) await setNodeContainer(kind, ref.id, into === null ? null : databaseId(into), at.position);
    else await saveNodePosition(kind, ref.id, at.position);
    return true;
  } catch {
    set(nodesAtom, place(get(nodesAtom), id, before));
    const failure = !moving ? "node_position_failed" : into === null ? "node_remove_from_container_failed" : "node_add_to_container_failed";
    set(notifyAtom, { kind: "error", text: message(failure, {}) });
    return false;
  }
});
