// Where each edge is drawn in the DOM view. React Flow draws an edge when
// both its ends are rendered, or when it is selected (so its selection
// shows and the Delete key finds it; lowDetail/hiddenNodes.ts gives a
// hidden end a place to end at). The rest are drawn on canvases under the
// cards (lowDetail/): those with an end being dragged on one painted at
// every frame, the others on the layer painted only when they change. So the
// thousands of edges that leave the window, a hub's above all, cost neither
// an SVG element each nor React Flow's work at every pan and drag frame.
import type { FlowEdge } from "../model";

export type EdgeSplit = {
  /** React Flow's. */
  dom: FlowEdge[];
  /** On the layer, still. */
  layer: FlowEdge[];
  /** On the layer drawn at every frame: an end is being dragged. */
  moving: FlowEdge[];
};

export function splitEdges(
  edges: readonly FlowEdge[],
  rendered: ReadonlySet<string>,
  dragging: ReadonlySet<string>,
): EdgeSplit {
  const split: EdgeSplit = { dom: [], layer: [], moving: [] };
  for (const edge of edges) {
    if (edge.selected || (rendered.has(edge.source) && rendered.has(edge.target))) split.dom.push(edge);
    else if (dragging.has(edge.source) || dragging.has(edge.target)) split.moving.push(edge);
    else split.layer.push(edge);
  }
  return split;
}
