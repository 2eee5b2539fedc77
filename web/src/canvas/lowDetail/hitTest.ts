// Which node is under a point of the low-detail layer: the one drawn last
// (on top) whose box holds the point; a container also by its card on its
// top edge. Points and boxes are in flow coordinates.
import type { Position } from "@dastyar/rules";
import { containerHead, type DrawnNode } from "./drawList";

function inside(p: Position, box: { x: number; y: number; width: number; height: number }): boolean {
  return p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;
}

/** The id of the topmost node at `point`, or null over bare canvas. */
export function nodeAt(nodes: readonly DrawnNode[], point: Position): string | null {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    if (inside(point, node) || (node.container && inside(point, containerHead(node)))) return node.id;
  }
  return null;
}
