// Cards never measured, in the DOM view. React Flow mounts every node it has
// not measured, on screen or not, to measure it: after opening in low detail
// that would be every card of the project at the first zoom in. So a card
// not measured yet stays hidden until it comes on screen or its turn comes
// to be measured while the page is idle (useDetail.ts); meanwhile it is
// "unseen", and the low-detail layer draws the edges that end at one.
import type { FlowNode } from "../model";
import { absoluteBox, type Box } from "./detailLevel";

/** The flow area on screen for React Flow's transform and pane size. */
export function viewArea([x, y, zoom]: readonly [number, number, number], width: number, height: number): Box {
  return { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom };
}

function overlaps(a: Box, b: Box): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** Nodes not measured and not yet revealed whose box is in `view`: to reveal now. */
export function toReveal(nodes: readonly FlowNode[], revealed: ReadonlySet<string>, view: Box): string[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return nodes.filter((n) => !n.measured && !revealed.has(n.id) && overlaps(absoluteBox(n, byId), view)).map((n) => n.id);
}

/** Nodes not measured and not revealed: React Flow holds them hidden. */
export function unseenOf(nodes: readonly FlowNode[], revealed: ReadonlySet<string>): ReadonlySet<string> {
  return new Set(nodes.filter((n) => !n.measured && !revealed.has(n.id)).map((n) => n.id));
}
