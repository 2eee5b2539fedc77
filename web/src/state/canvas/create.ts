// Creating a node on the server for a node already on the canvas (a new one,
// or a retry): the temporary id becomes `type-databaseId` and the status
// success, or the node goes to error; assistants may finish through a job.
import {
  isLimitFailure,
  message,
  nodePayload,
  type MessageCode,
  type NodeData,
  type NodeKind,
  type NodePayload,
} from "@dastyar/rules";
import { atom } from "jotai";
import { ApiError } from "../../api/client";
import { deleteContainer } from "../../api/containers";
import { createNode, deleteNode, saveNodePosition } from "../../api/nodes";
import { displayLabel, kindInfoOf, storedName } from "../../canvas/kinds";
import { databaseId, toFlowNode, type FlowNode } from "../../canvas/model";
import { notifyAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { failureText } from "./failures";
import { findNode, mapNode, patchData, renameNode } from "./graph";
import { pollJobAtom } from "./jobs";
import { checkLimitAtom } from "./limits";

/**
 * Sends node `id` (on the canvas, pending) to the server; answers its new
 * canvas id, or null when creation failed (the node is then in error).
 */
export const createOnServerAtom = atom(
  null,
  async (
    get,
    set,
    id: string,
    failure: MessageCode = "node_add_failed",
    given?: { payload: NodePayload; name: string; label?: string },
  ): Promise<string | null> => {
  const projectId = get(projectIdAtom);
  const node = findNode(get(nodesAtom), id);
  if (projectId === null || !node) return null;
  const kind = node.type as NodeKind;
  const typed = { type: kind, data: node.data } as NodeData;
  // A node brought back (an undo, a paste) carries its own payload and name.
  const payload = given ? { ...given.payload } : nodePayload(typed);
  if (!payload) return null;
  // Assistant-like kinds are finished by a background job, which is polled.
  if (kindInfoOf(kind).assistantLike) Object.assign(payload, { async: true });
  // A function's display name travels beside its tool name (a node brought back carries only its stored name).
  if (!given) Object.assign(payload, displayLabel(typed));
  else if (given.label) Object.assign(payload, { label: given.label });
  const parentId = node.parentId ? databaseId(node.parentId) : null;

  try {
    const created = await createNode(kind, {
      projectId,
      name: given?.name ?? storedName(typed),
      position: node.position,
      containerId: parentId,
      payload,
    });
    if (get(projectIdAtom) !== projectId) return null;
    const saved = toFlowNode(created.node);
    const now = findNode(get(nodesAtom), id);
    if (!now) {
      // Deleted from the canvas while it was being created: delete it here too.
      const dbId = created.node.database_id ?? databaseId(saved.id);
      if (dbId != null) void (kind === "container" ? deleteContainer(dbId) : deleteNode(kind, dbId)).catch(() => {});
      return null;
    }
    // Moved while the call ran: the drag could not save a position it had no id for.
    const moved = now.position.x !== node.position.x || now.position.y !== node.position.y;
    const renamed = renameNode(get(nodesAtom), get(edgesAtom), id, saved.id);
    // Keep where the node is now (it may have moved while the call ran).
    set(nodesAtom, mapNode(renamed.nodes, saved.id, (n) => ({ ...n, data: saved.data })));
    set(edgesAtom, renamed.edges);
    if (moved && databaseId(saved.id) !== null) {
      void saveNodePosition(kind, databaseId(saved.id)!, now.position).catch(() => {
        set(notifyAtom, { kind: "error", text: message("node_position_failed", {}) });
      });
    }
    if (created.jobId !== undefined) void set(pollJobAtom, saved.id, created.jobId);
    return saved.id;
  } catch (error) {
    if (get(projectIdAtom) !== projectId) return null;
    set(nodesAtom, patchData(get(nodesAtom), id, { creationStatus: "error" }));
    if (error instanceof ApiError && isLimitFailure(error.status, error.message)) {
      // The server counted differently from the usage check: say so the
      // same way (checkLimitAtom shows the limit when usage confirms it).
      const fits = await set(checkLimitAtom, kind);
      if (!fits) return null;
    }
    set(notifyAtom, { kind: "error", text: failureText(failure, kind, error) });
    return null;
  }
  },
);

/** A node freshly placed on the canvas, pending, under a temporary id. */
export function pendingNode(id: string, fresh: NodeData, at: FlowNode["position"], parentId?: string): FlowNode {
  const node: FlowNode = {
    id,
    type: fresh.type,
    position: at,
    data: { ...fresh.data, creationStatus: "pending" },
  };
  if (parentId) node.parentId = parentId;
  if (fresh.type === "container") {
    node.width = fresh.data.width;
    node.height = fresh.data.height;
    node.zIndex = -1;
  }
  return node;
}
