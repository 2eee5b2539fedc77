// Where each edge is drawn in the DOM view: by React Flow when at least one of
// its ends is rendered (lowDetail/hiddenNodes.ts gives the hidden end a place
// to end at), else on the canvas layer under the cards (lowDetail/), which
// draws only those that cross what it covers. So an edge between two nodes
// far away that crosses the screen is still seen, without an SVG element for
// each of the thousands that may cross it.
import type { FlowEdge } from "../model";

export type EdgeSplit = { dom: FlowEdge[]; layer: FlowEdge[] };

export function splitEdges(edges: readonly FlowEdge[], rendered: ReadonlySet<string>): EdgeSplit {
  const dom: FlowEdge[] = [];
  const layer: FlowEdge[] = [];
  for (const edge of edges) (rendered.has(edge.source) || rendered.has(edge.target) ? dom : layer).push(edge);
  return { dom, layer };
}
