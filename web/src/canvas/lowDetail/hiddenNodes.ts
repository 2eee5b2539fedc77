// What React Flow is handed for nodes it must not draw: the same node,
// hidden (no card mounted, nothing measured), with its drawn size as the
// size fitView reads for a node not measured yet. One copy per node object,
// so a node that did not change keeps its copy and React Flow its work.
import type { FlowNode } from "../model";
import { sizeOf } from "./detailLevel";

const hiddenCopies = new WeakMap<FlowNode, FlowNode>();

/** `node`, hidden from React Flow's DOM view. */
export function hiddenNode(node: FlowNode): FlowNode {
  let hidden = hiddenCopies.get(node);
  if (!hidden) {
    const { width, height } = sizeOf(node);
    hidden = { ...node, hidden: true, initialWidth: width, initialHeight: height };
    hiddenCopies.set(node, hidden);
  }
  return hidden;
}
