// Where a new box may go: the nearest spot to the one asked for where it
// overlaps nothing already on the canvas, searched ring by ring outwards.
import { absolutePosition, constants, type NodeKind, type Position } from "@dastyar/rules";
import type { FlowNode } from "../model";
import { footprint, footprintOf, overlaps, sizeOf, CONTAINER_TITLE_BAND, type Box, type Size } from "./footprint";

const { nodeWidth, nodeHeight, defaultContainerWidth, defaultContainerHeight } = constants();

/** The least room kept between two boxes. */
export const GAP = 24;
/** How far apart the spots tried are. */
const STEP = 40;
/** Beyond this many rings (16,000 px each way) the spot asked for is taken as it is. */
const MAX_RINGS = 400;

/** The grid steps of ring `r` around the middle, nearest first (ties: below before above, then left to right). */
function ring(r: number): [number, number][] {
  if (r === 0) return [[0, 0]];
  const steps: [number, number][] = [];
  for (let i = -r; i <= r; i++) {
    for (let j = -r; j <= r; j++) {
      if (Math.max(Math.abs(i), Math.abs(j)) === r) steps.push([i, j]);
    }
  }
  return steps.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2) || b[1] - a[1] || a[0] - b[0]);
}

/**
 * The position nearest `at` where a box of `size` (with `above` px of room
 * on top, for a container's title) keeps `gap` away from every box in `taken`.
 */
export function freeSpot(taken: readonly Box[], at: Position, size: Size, above = 0, gap = GAP): Position {
  for (let r = 0; r <= MAX_RINGS; r++) {
    // Only boxes that reach the area this ring's spots cover matter.
    const spread = r * STEP + gap;
    const area = {
      x: at.x - spread,
      y: at.y - above - spread,
      width: size.width + 2 * spread,
      height: size.height + above + 2 * spread,
    };
    const near = taken.filter((b) => overlaps(b, area));
    for (const [i, j] of ring(r)) {
      const spot = { x: at.x + i * STEP, y: at.y + j * STEP };
      const box = footprint(spot, size, above);
      if (!near.some((b) => overlaps(box, b, gap))) return spot;
    }
  }
  return at;
}

/** The room every node takes on the canvas, children at their absolute places. */
export function takenOn(nodes: readonly FlowNode[]): Box[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return nodes.map((n) => {
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    if (!parent) return footprintOf(n);
    const at = absolutePosition(parent.position, n.position);
    return footprint(at, sizeOf(n));
  });
}

/** The size a new node of `kind` will be drawn at: as the largest one of its kind already drawn, else the default. */
export function newSizeOf(nodes: readonly FlowNode[], kind: NodeKind): Size {
  if (kind === "container") return { width: defaultContainerWidth, height: defaultContainerHeight };
  let size = { width: nodeWidth, height: nodeHeight };
  for (const n of nodes) {
    if (n.type !== kind || !n.measured) continue;
    const drawn = sizeOf(n);
    size = { width: Math.max(size.width, drawn.width), height: Math.max(size.height, drawn.height) };
  }
  return size;
}

/** Where a new node of `kind` asked for at `at` goes: there, or the nearest spot that covers no other node. */
export function placeNew(nodes: readonly FlowNode[], kind: NodeKind, at: Position): Position {
  const above = kind === "container" ? CONTAINER_TITLE_BAND : 0;
  const spot = freeSpot(takenOn(nodes), at, newSizeOf(nodes, kind), above);
  return { x: Math.round(spot.x), y: Math.round(spot.y) };
}
