// A connection dropped on empty canvas: the kinds that may stand at its other
// end (core's table, in the drag's direction) and where the new card goes so
// that the handle it joins is at the drop point.
import { allowedSources, allowedTargets, constants, type NodeKind, type Position } from "@dastyar/rules";

const { nodeWidth, nodeHeight } = constants();

/** Dragged from a card's output (`source`) or its input (`target`). */
export type DragEnd = "source" | "target";

/** The kinds the new node may be: what `kind` may connect to, or what may connect to it. */
export function kindsToOffer(kind: NodeKind, from: DragEnd): NodeKind[] {
  return from === "source" ? allowedTargets(kind) : allowedSources(kind);
}

/**
 * The new card's position for a drop at `at` (flow coordinates). Its input is
 * on its right and its output on its left (the flow reads right to left), so a
 * new target ends left of the drop and a new source starts at it.
 */
export function placeAtDrop(at: Position, from: DragEnd): Position {
  const x = from === "source" ? at.x - nodeWidth : at.x;
  return { x: Math.round(x), y: Math.round(at.y - nodeHeight / 2) };
}

/** The edge between the card dragged from and the new one, in the rules' direction. */
export function proposalFor(fromId: string, newId: string, from: DragEnd): { source: string; target: string } {
  return from === "source" ? { source: fromId, target: newId } : { source: newId, target: fromId };
}
