// Deleting a node (spec §4): its edges leave the canvas with it; an
// analyzer's edges are deleted on the server first; a container goes alone,
// its children staying where they are on screen.
import { message, type NodeKind } from "@dastyar/rules";
import { atom } from "jotai";
import { deleteContainer } from "../../api/containers";
import { deleteNode } from "../../api/nodes";
import { kindInfoOf } from "../../canvas/kinds";
import { savedRef, toFlowNode } from "../../canvas/model";
import { fa } from "../../i18n/fa";
import { notifyAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom, selectedNodeIdAtom } from "./atoms";
import { removalOf, removeOnServer } from "./edgeRemoval";
import { edgesOf, findNode, withoutNode } from "./graph";
import { recordAtom, type Recording } from "./history";
import { refreshNodesAtom } from "./refresh";
import { snapshotRemoval } from "./removal";

/** Deletes node `id`; answers whether it is gone. Recorded, the delete is a step an undo brings back. */
export const deleteNodeAtom = atom(null, async (get, set, id: string, { record = true }: Recording = {}): Promise<boolean> => {
  const node = findNode(get(nodesAtom), id);
  if (!node) return true;
  const projectId = get(projectIdAtom);
  // Read before it goes: the node, its edges and a container's children.
  const removed = snapshotRemoval(get(nodesAtom), get(edgesAtom), [id]);
  const ref = node.type === "testframe" ? null : savedRef(node);
  const neighbours = edgesOf(get(edgesAtom), id).map((e) => (e.source === id ? e.target : e.source));
  try {
    if (ref && node.type === "analyzer") {
      for (const edge of edgesOf(get(edgesAtom), id)) {
        await removeOnServer(removalOf(edge));
        set(edgesAtom, get(edgesAtom).filter((e) => e.id !== edge.id));
      }
    }
    if (ref && node.type === "container") {
      const children = (await deleteContainer(ref.id)).map(toFlowNode);
      const freed = new Map(children.map((c) => [c.id, c]));
      set(
        nodesAtom,
        get(nodesAtom).map((n) => {
          if (n.parentId !== id) return n;
          const { parentId: _gone, ...rest } = n;
          return { ...rest, position: freed.get(n.id)?.position ?? n.position };
        }),
      );
    } else if (ref) {
      await deleteNode(ref.kind, ref.id);
    }
  } catch {
    set(notifyAtom, { kind: "error", text: message("node_delete_failed", {}) });
    return false;
  }
  const left = withoutNode(get(nodesAtom), get(edgesAtom), id);
  set(nodesAtom, left.nodes);
  set(edgesAtom, left.edges);
  if (get(selectedNodeIdAtom) === id) set(selectedNodeIdAtom, null);
  if (node.type === "container") set(notifyAtom, { kind: "success", text: message("container_deleted", {}) });
  if (record) {
    const label = fa.editing.steps.delete(node.data.label || kindInfoOf(node.type as NodeKind).label);
    set(recordAtom, { label, ops: [{ do: "restore", removed }] }, projectId);
  }
  void set(refreshNodesAtom, neighbours);
  return true;
});
