// What React Flow is handed for nodes it must not draw: the same node,
// hidden (no card mounted, nothing measured), with its drawn size as the
// size fitView reads for a node not measured yet. A node never measured also
// gets its handles where its card has them (NodeShell: the output on the left
// side, the input on the right, 12 px, centred on the side; a container's on
// its own card above its box), so React Flow draws an edge from a rendered
// card to it (a measured node keeps the handles React Flow measured). One
// copy per node object, so a node that did not change keeps its copy and
// React Flow its work.
import { Position, type NodeHandle } from "@xyflow/react";
import type { FlowNode } from "../model";
import { sizeOf } from "./detailLevel";
import { containerHead } from "./drawList";

/** A card's handle's side (NodeShell.module.css, border included). */
const HANDLE = 12;

const hiddenCopies = new WeakMap<FlowNode, FlowNode>();

/** Where a card's handles are, relative to the node, before React Flow has measured them. */
export function nominalHandles(node: FlowNode): NodeHandle[] {
  const { width, height } = sizeOf(node);
  const card = node.type === "container" ? containerHead({ x: 0, y: 0, width }) : { x: 0, y: 0, width, height };
  const y = card.y + card.height / 2 - HANDLE / 2;
  return [
    { id: null, type: "source", position: Position.Left, x: card.x - HANDLE / 2, y, width: HANDLE, height: HANDLE },
    { id: null, type: "target", position: Position.Right, x: card.x + card.width - HANDLE / 2, y, width: HANDLE, height: HANDLE },
  ];
}

/** `node`, hidden from React Flow's DOM view. */
export function hiddenNode(node: FlowNode): FlowNode {
  let hidden = hiddenCopies.get(node);
  if (!hidden) {
    const { width, height } = sizeOf(node);
    hidden = { ...node, hidden: true, initialWidth: width, initialHeight: height };
    if (!node.measured) hidden.handles = nominalHandles(node);
    hiddenCopies.set(node, hidden);
  }
  return hidden;
}
