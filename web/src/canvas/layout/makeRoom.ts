// Room for a new container: a top-level node that its box or its title
// strip would cover (one that was not grouped into it) steps aside to the
// nearest free spot, so the container's name is never hidden under a
// neighbour and nothing looks inside it that is not.
import type { Position } from "@dastyar/rules";
import type { FlowNode } from "../model";
import { aboveOf, footprint, footprintOf, overlaps, sizeOf } from "./footprint";
import { freeSpot, takenOn } from "./freeSpot";

/** Where each node in container `containerId`'s way goes; empty when none is. */
export function makeRoom(nodes: readonly FlowNode[], containerId: string): Map<string, Position> {
  const moves = new Map<string, Position>();
  const container = nodes.find((n) => n.id === containerId);
  if (!container) return moves;
  const room = footprintOf(container);
  const inTheWay = nodes.filter((n) => !n.parentId && n.id !== containerId && overlaps(footprintOf(n), room));
  if (inTheWay.length === 0) return moves;
  const going = new Set(inTheWay.map((n) => n.id));
  const taken = takenOn(nodes.filter((n) => !going.has(n.id) && !(n.parentId && going.has(n.parentId))));
  for (const n of inTheWay) {
    const spot = freeSpot(taken, n.position, sizeOf(n), aboveOf(n));
    const at = { x: Math.round(spot.x), y: Math.round(spot.y) };
    taken.push(footprint(at, sizeOf(n), aboveOf(n)));
    moves.set(n.id, at);
  }
  return moves;
}
