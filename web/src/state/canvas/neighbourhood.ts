// The part of the canvas the connection rules read for one proposal, as core
// cuts it (connect::neighbourhood): the two ends whole, the edges touching
// them, and by id and kind only the nodes at those edges' other ends and the
// children of every container among all these. A check hands the rules this
// instead of the whole graph, so its cost follows the ends' edges, not the
// canvas's size; neighbourhood.test.ts checks both answer alike.
import type { CanvasNode, GraphEdge, NearNode, Neighbourhood } from "@dastyar/rules";
import type { FlowEdge, FlowNode } from "../../canvas/model";

export type Proposal = { source: string; target: string };

/** One pass over the edges and one over the nodes; nothing is copied but what is handed over. */
export function neighbourhoodOf(nodes: readonly FlowNode[], edges: readonly FlowEdge[], proposal: Proposal): Neighbourhood {
  const { source, target } = proposal;
  const isEnd = (id: string) => id === source || id === target;
  const touching: GraphEdge[] = [];
  const around = new Set([source, target]);
  for (const e of edges) {
    if (!isEnd(e.source) && !isEnd(e.target)) continue;
    touching.push({ id: e.id, source: e.source, target: e.target });
    around.add(e.source).add(e.target);
  }
  const ends: CanvasNode[] = [];
  const near: NearNode[] = [];
  const taken = new Set<string>();
  const containers = new Set<string>();
  const inContainers: FlowNode[] = [];
  const take = (n: FlowNode) => {
    if (taken.has(n.id)) return;
    taken.add(n.id);
    if (isEnd(n.id)) ends.push(n as unknown as CanvasNode);
    else near.push(n.parentId ? { id: n.id, type: n.type!, parentId: n.parentId } : { id: n.id, type: n.type! });
  };
  for (const n of nodes) {
    if (around.has(n.id)) {
      take(n);
      if (n.type === "container") containers.add(n.id);
    } else if (n.parentId) {
      inContainers.push(n);
    }
  }
  for (const n of inContainers) if (containers.has(n.parentId!)) take(n);
  return { ends, near, edges: touching };
}
