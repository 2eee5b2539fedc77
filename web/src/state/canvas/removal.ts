// What deleting nodes takes off the canvas, read before it goes, so an undo
// can bring it back: each node's kind, stored name and payload (what the
// API takes to create it again), its place, the edges touching it and the
// children a container frees.
import { nodePayload, type NodeData, type NodeKind } from "@dastyar/rules";
import { kindInfoOf } from "../../canvas/kinds";
import type { FlowEdge, FlowNode } from "../../canvas/model";
import { edgesOf, findNode } from "./graph";
import type { PieceNode, Removed } from "./history";

/** Node `node` as an undo recreates it. */
export function pieceOf(node: FlowNode): PieceNode {
  const kind = node.type as NodeKind;
  const typed = { type: kind, data: node.data } as NodeData;
  const piece: PieceNode = {
    id: node.id,
    kind,
    label: node.data.label,
    data: kindInfoOf(kind).persisted ? nodePayload(typed) : null,
    position: node.position,
  };
  if (node.parentId) piece.parent = node.parentId;
  return piece;
}

/** What deleting nodes `ids` takes away (ids not on the canvas are left out). */
export function snapshotRemoval(nodes: FlowNode[], edges: FlowEdge[], ids: string[]): Removed {
  const going = ids.map((id) => findNode(nodes, id)).filter((n) => n !== undefined);
  const goingIds = new Set(going.map((n) => n.id));
  const touching = new Map<string, FlowEdge>();
  for (const node of going) for (const edge of edgesOf(edges, node.id)) touching.set(edge.id, edge);
  return {
    nodes: going.map(pieceOf),
    // Only edges the server holds come back; a refused one was never there.
    edges: [...touching.values()]
      .filter((e) => (e.data?.connectionStatus ?? "success") === "success")
      .map((e) => ({ source: e.source, target: e.target })),
    members: nodes
      .filter((n) => n.parentId && goingIds.has(n.parentId) && !goingIds.has(n.id))
      .map((n) => ({ id: n.id, container: n.parentId!, position: n.position })),
  };
}
