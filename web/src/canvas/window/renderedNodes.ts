// Which nodes the DOM view mounts: those whose box meets the render window
// (a container's own card above its box counts), and those selected or
// being dragged outside it while they are few (KEPT_OUTSIDE_MAX), so a drag
// carried far, a selection's panel and the keyboard's moves never lose their
// card, and a selection of thousands (a box drawn over a whole zoomed-out
// project) does not mount every card. The rest stay in React Flow's store
// hidden (lowDetail/hiddenNodes.ts), with their data, selection and place;
// React Flow still drags, moves and deletes a hidden selected node with the
// rest of the selection.
import type { FlowNode } from "../model";
import { absoluteBox, type Box } from "../lowDetail/detailLevel";
import { CONTAINER_HEAD } from "../lowDetail/drawList";
import { overlaps } from "./renderWindow";

/** How far a container's own card reaches above its box. */
const HEAD_REACH = CONTAINER_HEAD.height + CONTAINER_HEAD.inset;

/** Nodes kept rendered outside the window, while there are at most KEPT_OUTSIDE_MAX of them. */
function keptOutside(node: FlowNode): boolean {
  return Boolean(node.selected || node.dragging);
}

/** The most selected or dragged nodes kept rendered outside the window. */
export const KEPT_OUTSIDE_MAX = 20;

/** The ids of the nodes to render for a window over `area`. */
export function renderedNodes(nodes: readonly FlowNode[], area: Box): Set<string> {
  const byId = new Map<string, FlowNode>();
  for (const node of nodes) if (node.type === "container") byId.set(node.id, node);
  const rendered = new Set<string>();
  const kept: string[] = [];
  for (const node of nodes) {
    const box = absoluteBox(node, byId);
    const reach = node.type === "container" ? { ...box, y: box.y - HEAD_REACH, height: box.height + HEAD_REACH } : box;
    if (overlaps(reach, area)) rendered.add(node.id);
    else if (keptOutside(node)) kept.push(node.id);
  }
  if (kept.length <= KEPT_OUTSIDE_MAX) for (const id of kept) rendered.add(id);
  return rendered;
}

/** The ids of the nodes being dragged, and of those a dragged container carries along. */
export function draggedNodes(nodes: readonly FlowNode[]): Set<string> {
  const dragged = new Set<string>();
  for (const node of nodes) if (node.dragging) dragged.add(node.id);
  if (dragged.size > 0) for (const node of nodes) if (node.parentId && dragged.has(node.parentId)) dragged.add(node.id);
  return dragged;
}

/** Whether `a` and `b` hold the same ids. */
export function sameMembers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}
