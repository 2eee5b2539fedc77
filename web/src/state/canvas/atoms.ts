// The canvas's state: the open project, its nodes and edges, the selected
// node, the adding lock and the operations in flight. Transient UI flags
// (hover, dragging, job progress) live here, never in node.data.
import { atom } from "jotai";
import type { FlowEdge, FlowNode } from "../../canvas/model";

/** The project whose canvas is open. */
export const projectIdAtom = atom<number | null>(null);

export const nodesAtom = atom<FlowNode[]>([]);
export const edgesAtom = atom<FlowEdge[]>([]);

/** The node whose settings panel is open, as last chosen. */
const openPanelAtom = atom<string | null>(null);

/** The open panel holds edits not yet saved (its form says so). */
export const panelDirtyAtom = atom(false);

/** A selection held back while the open panel asks whether to save or discard its edits. */
export const heldSelectionAtom = atom<{ to: string | null } | null>(null);

/**
 * The node whose settings panel is open. Choosing another (or none) while
 * the open panel has unsaved edits is held back until the panel's question
 * is answered (releaseSelectionAtom), whoever asked: a click, a key, a menu.
 */
export const selectedNodeIdAtom = atom(
  (get) => get(openPanelAtom),
  (get, set, id: string | null) => {
    const open = get(openPanelAtom);
    // A node deleted under its panel has nothing left to save.
    const openStillThere = open !== null && get(nodesAtom).some((n) => n.id === open);
    if (id !== open && openStillThere && get(panelDirtyAtom)) set(heldSelectionAtom, { to: id });
    else set(openPanelAtom, id);
  },
);

/** Answers the panel's question: move to the held selection (after a save or discarding the edits), or stay. */
export const releaseSelectionAtom = atom(null, (get, set, move: boolean) => {
  const held = get(heldSelectionAtom);
  set(heldSelectionAtom, null);
  if (!held || !move) return;
  set(panelDirtyAtom, false);
  set(openPanelAtom, held.to);
});

/** Only one node add runs at a time (spec §4, isAddingNode). */
export const isAddingNodeAtom = atom(false);

/** Edges whose deletion is on its way to the server. */
export const deletingEdgesAtom = atom<ReadonlySet<string>>(new Set<string>());

/** Progress (0–100) of assistants being created by a job, by canvas id. */
export const jobProgressAtom = atom<ReadonlyMap<string, number>>(new Map<string, number>());

/** Where the canvas stands: loading, ready or failed with a message. */
export type CanvasLoad = { status: "loading" } | { status: "ready" } | { status: "failed"; message: string };
export const canvasLoadAtom = atom<CanvasLoad>({ status: "loading" });
