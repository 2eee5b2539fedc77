// Which node is under a point of the low-detail layer: the one drawn last
// (on top) whose box holds the point; a container also by its card on its
// top edge. Which nodes a selection box holds. Which edge the layer drew
// passes near a point: its curve, as paint.ts draws it, followed in short
// straight steps. Points and boxes are in flow coordinates.
import type { Position } from "@dastyar/rules";
import { containerHead, type DrawnEdge, type DrawnNode } from "./drawList";
import { controlOffset } from "./paint";

/** Straight steps an edge's curve is followed in. */
const CURVE_STEPS = 32;

function inside(p: Position, box: { x: number; y: number; width: number; height: number }): boolean {
  return p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;
}

/** The ids of the nodes whose box lies wholly in `area` (React Flow's selection box, in its default full mode). */
export function nodesInside(nodes: readonly DrawnNode[], area: { x: number; y: number; width: number; height: number }): Set<string> {
  const ids = new Set<string>();
  for (const node of nodes) {
    if (inside(node, area) && inside({ x: node.x + node.width, y: node.y + node.height }, area)) ids.add(node.id);
  }
  return ids;
}

/** The id of the topmost node at `point`, or null over bare canvas. */
export function nodeAt(nodes: readonly DrawnNode[], point: Position): string | null {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    if (inside(point, node) || (node.container && inside(point, containerHead(node)))) return node.id;
  }
  return null;
}

function distanceToSegment(p: Position, a: Position, b: Position): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** The id of the edge whose curve passes within `reach` of `point` (the nearest), or null. */
export function edgeAt(edges: readonly DrawnEdge[], point: Position, reach: number): string | null {
  let best: { id: string; distance: number } | null = null;
  for (const { id, from, to } of edges) {
    const offset = controlOffset(from.x - to.x);
    const c1 = { x: from.x - offset, y: from.y };
    const c2 = { x: to.x + offset, y: to.y };
    // Nowhere near the curve's hull: skip the steps.
    if (point.x < Math.min(c1.x, to.x) - reach || point.x > Math.max(from.x, c2.x) + reach) continue;
    if (point.y < Math.min(from.y, to.y) - reach || point.y > Math.max(from.y, to.y) + reach) continue;
    let previous = from;
    for (let i = 1; i <= CURVE_STEPS; i++) {
      const t = i / CURVE_STEPS;
      const u = 1 - t;
      const next = {
        x: u * u * u * from.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * to.x,
        y: u * u * u * from.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * to.y,
      };
      const distance = distanceToSegment(point, previous, next);
      if (distance <= reach && (!best || distance < best.distance)) best = { id, distance };
      previous = next;
    }
  }
  return best?.id ?? null;
}
