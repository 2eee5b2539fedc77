// The room a node takes on the canvas: its drawn box, and for a container
// the strip above its box where its own card (its name and status) sits.
import { constants, type Position } from "@dastyar/rules";
import type { FlowNode } from "../model";

const { nodeWidth, nodeHeight } = constants();

export type Size = { width: number; height: number };
export type Box = { x: number; y: number; width: number; height: number };

/**
 * How far above its box a container's card reaches (ContainerNode.module.css
 * lifts it by 0.75rem plus its own height): a neighbour there would hide the
 * container's name.
 */
export const CONTAINER_TITLE_BAND = 72;

/** The size a node is drawn at: measured once React Flow has drawn it, else its set or default size. */
export function sizeOf(node: FlowNode): Size {
  if (node.type === "container") {
    const data = node.data as { width?: number; height?: number };
    return { width: node.width ?? data.width ?? nodeWidth, height: node.height ?? data.height ?? nodeHeight };
  }
  return {
    width: node.measured?.width ?? node.width ?? nodeWidth,
    height: node.measured?.height ?? node.height ?? nodeHeight,
  };
}

/** How much room above its position a node of this kind needs. */
export function aboveOf(node: Pick<FlowNode, "type">): number {
  return node.type === "container" ? CONTAINER_TITLE_BAND : 0;
}

/** The room a node at `at` takes: its box, with a container's title strip on top. */
export function footprint(at: Position, size: Size, above = 0): Box {
  return { x: at.x, y: at.y - above, width: size.width, height: size.height + above };
}

/** The room node `node` takes where it is (its position is relative to its parent, if any). */
export function footprintOf(node: FlowNode): Box {
  return footprint(node.position, sizeOf(node), aboveOf(node));
}

/** Whether two boxes overlap, or come closer than `gap`. */
export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return (
    a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap
  );
}

/** The smallest box around `boxes`; null for none. */
export function bounds(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    minX = Math.min(minX, b.x);
    minY = Math.min(minY, b.y);
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}
