// Re-reading nodes whose stored data a connection changed on the server (an
// assistant's vector store, a function's assistant, ...), keeping where
// they are on the canvas.
import { atom } from "jotai";
import { getNode } from "../../api/nodes";
import { savedRef, toFlowNode } from "../../canvas/model";
import { nodesAtom } from "./atoms";
import { findNode, mapNode } from "./graph";

export const refreshNodesAtom = atom(null, async (get, set, ids: string[]) => {
  const refs = ids.flatMap((id) => {
    const node = findNode(get(nodesAtom), id);
    const ref = node && node.type !== "container" && node.type !== "testframe" ? savedRef(node) : null;
    return ref ? [{ id, ref }] : [];
  });
  const fresh = await Promise.all(
    refs.map(({ ref }) => getNode(ref.kind, ref.id).catch(() => null)),
  );
  let nodes = get(nodesAtom);
  for (const view of fresh) {
    if (!view) continue;
    const data = toFlowNode(view).data;
    nodes = mapNode(nodes, view.id, (n) => ({ ...n, data }));
  }
  set(nodesAtom, nodes);
});
