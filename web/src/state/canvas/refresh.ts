// Re-reading nodes whose stored data a connection changed on the server (an
// assistant's vector store, a function's assistant, ...), keeping where
// they are on the canvas.
import type { NodeView } from "../../api/types";
import { atom } from "jotai";
import { getNode, listNodes } from "../../api/nodes";
import { savedRef, toFlowNode, type AnyNodeData } from "../../canvas/model";
import { nodesAtom, projectIdAtom } from "./atoms";
import { findNode } from "./graph";

/** Up to this many nodes are read one by one; more (a hub's neighbours) in one project read. */
const READ_ONE_BY_ONE = 8;

export const refreshNodesAtom = atom(null, async (get, set, ids: string[]) => {
  const refs = ids.flatMap((id) => {
    const node = findNode(get(nodesAtom), id);
    const ref = node && node.type !== "container" && node.type !== "testframe" ? savedRef(node) : null;
    return ref ? [ref] : [];
  });
  if (refs.length === 0) return;
  const projectId = get(projectIdAtom);
  let fresh: (NodeView | null)[];
  if (refs.length <= READ_ONE_BY_ONE || projectId === null) {
    fresh = await Promise.all(refs.map((ref) => getNode(ref.kind, ref.id).catch(() => null)));
  } else {
    const wanted = new Set(ids);
    fresh = (await listNodes(projectId).catch(() => [])).filter((view) => wanted.has(view.id));
  }
  const data = new Map<string, AnyNodeData>();
  for (const view of fresh) if (view) data.set(view.id, toFlowNode(view).data);
  if (data.size === 0) return;
  set(
    nodesAtom,
    get(nodesAtom).map((n) => (data.has(n.id) ? { ...n, data: data.get(n.id)! } : n)),
  );
});
