// Pure changes to the canvas's node and edge lists; the actions compose them.
import type { AnyNodeData, FlowEdge, FlowNode } from "../../canvas/model";

/** `nodes` with node `id` replaced by `change(node)` (the same array when it is absent). */
export function mapNode(nodes: FlowNode[], id: string, change: (node: FlowNode) => FlowNode): FlowNode[] {
  const index = nodes.findIndex((n) => n.id === id);
  if (index < 0) return nodes;
  const next = nodes.slice();
  next[index] = change(nodes[index]!);
  return next;
}

/** Merges `data` into node `id`'s data. */
export function patchData(nodes: FlowNode[], id: string, data: Partial<AnyNodeData>): FlowNode[] {
  return mapNode(nodes, id, (n) => ({ ...n, data: { ...n.data, ...data } as AnyNodeData }));
}

/** Gives node `from` the id `to`, in the nodes, their children and the edges. */
export function renameNode(
  nodes: FlowNode[],
  edges: FlowEdge[],
  from: string,
  to: string,
): { nodes: FlowNode[]; edges: FlowEdge[] } {
  return {
    nodes: nodes.map((n) => {
      if (n.id === from) return { ...n, id: to };
      if (n.parentId === from) return { ...n, parentId: to };
      return n;
    }),
    edges: edges.some((e) => e.source === from || e.target === from)
      ? edges.map((e) =>
          e.source === from || e.target === from
            ? { ...e, source: e.source === from ? to : e.source, target: e.target === from ? to : e.target }
            : e,
        )
      : edges,
  };
}

/** Removes node `id` and every edge touching it. */
export function withoutNode(
  nodes: FlowNode[],
  edges: FlowEdge[],
  id: string,
): { nodes: FlowNode[]; edges: FlowEdge[] } {
  return {
    nodes: nodes.filter((n) => n.id !== id),
    edges: edges.filter((e) => e.source !== id && e.target !== id),
  };
}

/** The edges touching node `id`. */
export function edgesOf(edges: FlowEdge[], id: string): FlowEdge[] {
  return edges.filter((e) => e.source === id || e.target === id);
}

export function findNode(nodes: FlowNode[], id: string): FlowNode | undefined {
  return nodes.find((n) => n.id === id);
}
