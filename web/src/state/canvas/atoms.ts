// The canvas's state: the open project, its nodes and edges, the selected
// node, the adding lock and the operations in flight. Transient UI flags
// (hover, dragging, job progress) live here, never in node.data.
import { atom } from "jotai";
import type { FlowEdge, FlowNode } from "../../canvas/model";

/** The project whose canvas is open. */
export const projectIdAtom = atom<number | null>(null);

export const nodesAtom = atom<FlowNode[]>([]);
export const edgesAtom = atom<FlowEdge[]>([]);

/** The node whose settings panel is open. */
export const selectedNodeIdAtom = atom<string | null>(null);

/** Only one node add runs at a time (spec §4, isAddingNode). */
export const isAddingNodeAtom = atom(false);

/** Edges whose deletion is on its way to the server. */
export const deletingEdgesAtom = atom<ReadonlySet<string>>(new Set<string>());

/** Progress (0–100) of assistants being created by a job, by canvas id. */
export const jobProgressAtom = atom<ReadonlyMap<string, number>>(new Map<string, number>());

/** Where the canvas stands: loading, ready or failed with a message. */
export type CanvasLoad = { status: "loading" } | { status: "ready" } | { status: "failed"; message: string };
export const canvasLoadAtom = atom<CanvasLoad>({ status: "loading" });
