// When the canvas draws node cards in the DOM and when it draws the whole
// graph on one <canvas> layer instead (lowDetail/). Below LOW_DETAIL_ZOOM a
// card's name is drawn at about 6 px (0.95rem × 0.4): too small to read, so
// a thousand cards of twenty elements each would cost the browser layout and
// paint for nothing. The view leaves low detail a little higher than it
// enters it, so a zoom resting at the threshold does not swap the two views
// back and forth (each swap mounts or unmounts the cards on screen).
import { constants } from "@dastyar/rules";
import { getViewportForBounds } from "@xyflow/react";
import type { FlowNode } from "../model";

/** Below this zoom the graph is drawn on the low-detail layer. */
export const LOW_DETAIL_ZOOM = 0.4;
/** At or above this zoom the cards come back (a little above LOW_DETAIL_ZOOM: see above). */
export const FULL_DETAIL_ZOOM = 0.44;

/** Whether the view is in low detail at `zoom`, given whether it is now. */
export function lowDetailAt(zoom: number, now: boolean): boolean {
  return now ? zoom < FULL_DETAIL_ZOOM : zoom < LOW_DETAIL_ZOOM;
}

const { nodeWidth: NODE_WIDTH, nodeHeight: NODE_HEIGHT } = constants();

/** A node's size: as measured in the DOM, else as stored (containers), else a card's nominal size. */
export function sizeOf(node: FlowNode): { width: number; height: number } {
  return {
    width: node.measured?.width ?? node.width ?? (node.type === "container" ? node.data.width : undefined) ?? NODE_WIDTH,
    height: node.measured?.height ?? node.height ?? (node.type === "container" ? node.data.height : undefined) ?? NODE_HEIGHT,
  };
}

export type Box = { x: number; y: number; width: number; height: number };

/** A node's box in flow coordinates, whatever container it is in (containers are top level). */
export function absoluteBox(node: FlowNode, byId: ReadonlyMap<string, FlowNode>): Box {
  const parent = node.parentId ? byId.get(node.parentId) : undefined;
  return {
    x: node.position.x + (parent?.position.x ?? 0),
    y: node.position.y + (parent?.position.y ?? 0),
    ...sizeOf(node),
  };
}

/** The box around every node, or null for an empty graph. */
export function boundsOf(nodes: readonly FlowNode[]): Box | null {
  if (nodes.length === 0) return null;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const node of nodes) {
    const { x, y, width, height } = absoluteBox(node, byId);
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x + width);
    y2 = Math.max(y2, y + height);
  }
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/**
 * The view that fits `nodes` into a pane of `width` × `height`, as React
 * Flow's fitView works it out (with the nominal card size for cards not
 * measured yet). The canvas opens there, in low detail when its zoom is
 * below LOW_DETAIL_ZOOM, so React Flow never mounts a thousand cards just
 * to measure them.
 */
export function fittedView(
  nodes: readonly FlowNode[],
  width: number,
  height: number,
  options: { minZoom: number; maxZoom: number; padding: number },
): { x: number; y: number; zoom: number } {
  const bounds = boundsOf(nodes);
  if (!bounds || width <= 0 || height <= 0) return { x: 0, y: 0, zoom: 1 };
  return getViewportForBounds(bounds, width, height, options.minZoom, options.maxZoom, options.padding);
}
