// Opening a project's canvas: its nodes and edges, read once.
import { message } from "@dastyar/rules";
import { atom } from "jotai";
import { ApiError } from "../../api/client";
import { listEdges } from "../../api/edges";
import { listNodes } from "../../api/nodes";
import { parentsFirst, toFlowEdge, toFlowNode } from "../../canvas/model";
import {
  canvasLoadAtom,
  deletingEdgesAtom,
  edgesAtom,
  isAddingNodeAtom,
  jobProgressAtom,
  nodesAtom,
  projectIdAtom,
  selectedNodeIdAtom,
} from "./atoms";
import { clearHistoryAtom } from "./history";

export const loadCanvasAtom = atom(null, async (get, set, projectId: number, signal?: AbortSignal) => {
  set(projectIdAtom, projectId);
  // Each opening starts its own history: steps of another visit may name what is gone.
  set(clearHistoryAtom);
  set(nodesAtom, []);
  set(edgesAtom, []);
  set(selectedNodeIdAtom, null);
  set(isAddingNodeAtom, false);
  set(deletingEdgesAtom, new Set<string>());
  set(jobProgressAtom, new Map<string, number>());
  set(canvasLoadAtom, { status: "loading" });
  try {
    const [nodes, edges] = await Promise.all([listNodes(projectId, signal), listEdges(projectId, signal)]);
    if (get(projectIdAtom) !== projectId) return;
    set(nodesAtom, parentsFirst(nodes.map(toFlowNode)));
    set(edgesAtom, edges.map(toFlowEdge));
    set(canvasLoadAtom, { status: "ready" });
  } catch (error) {
    if (signal?.aborted || get(projectIdAtom) !== projectId) return;
    // A missing project says so; anything else is "failed to load project".
    const text =
      error instanceof ApiError && error.status === 404
        ? error.message
        : message("project_load_failed", {});
    set(canvasLoadAtom, { status: "failed", message: text });
  }
});

/** Closing the canvas: later answers for it are dropped. */
export const closeCanvasAtom = atom(null, (_get, set) => {
  set(projectIdAtom, null);
  set(nodesAtom, []);
  set(edgesAtom, []);
  set(selectedNodeIdAtom, null);
});
