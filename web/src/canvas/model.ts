// The canvas's node and edge shapes: React Flow's, with the kinds and data
// from bindings/, and the conversions from what the server answers.
import type { Edge, Node } from "@xyflow/react";
import {
  parseCanvasId,
  type CanvasNode,
  type EdgeData,
  type Graph,
  type NodeData,
  type NodeKind,
} from "@dastyar/rules";
import type { CanvasEdge } from "../api/types";

/** One kind's `data`. */
export type DataOf<K extends NodeKind> = Extract<NodeData, { type: K }>["data"];
/** Any kind's `data`. */
export type AnyNodeData = NodeData["data"];

/** A node on the canvas: React Flow's node with a kind and that kind's data. */
export type FlowNode = Node<AnyNodeData, NodeKind>;
/** A node known to be of kind K. */
export type FlowNodeOf<K extends NodeKind> = Node<DataOf<K>, K>;
/** An edge on the canvas. */
export type FlowEdge = Edge<EdgeData>;

/** Whether `node` is of kind `kind` (narrowing its data). */
export function isKind<K extends NodeKind>(node: FlowNode, kind: K): node is FlowNodeOf<K> & FlowNode {
  return node.type === kind;
}

/** A node the server answered, as React Flow holds it. */
export function toFlowNode(node: CanvasNode): FlowNode {
  const flow: FlowNode = {
    id: node.id,
    type: node.type,
    position: node.position,
    data: node.data,
  };
  if (node.parentId) flow.parentId = node.parentId;
  if (node.type === "container") {
    // Containers are sized boxes that hold their children.
    flow.width = node.data.width;
    flow.height = node.data.height;
    flow.zIndex = -1;
  }
  return flow;
}

/** An edge the server answered, as React Flow holds it. */
export function toFlowEdge(edge: CanvasEdge): FlowEdge {
  return { id: edge.id, source: edge.source, target: edge.target, data: edge.data };
}

/** React Flow wants every parent before its children. */
export function parentsFirst(nodes: FlowNode[]): FlowNode[] {
  const containers = nodes.filter((n) => n.type === "container");
  if (containers.length === 0) return nodes;
  return [...containers, ...nodes.filter((n) => n.type !== "container")];
}

/** The graph the connection rules read. */
export function graphOf(nodes: FlowNode[], edges: FlowEdge[]): Graph {
  return {
    nodes: nodes as unknown as CanvasNode[],
    edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
  };
}

/** A canvas id's database id, or null while the node is temporary (or the id is not a node's). */
export function databaseId(canvasId: string): number | null {
  const parsed = parseCanvasId(canvasId);
  return parsed?.node.state === "saved" ? parsed.node.value : null;
}

/** A node's kind and database id, or null while it is temporary. */
export function savedRef(node: FlowNode): { kind: NodeKind; id: number } | null {
  const id = databaseId(node.id);
  return id === null ? null : { kind: node.type as NodeKind, id };
}

/** The kind of a node by its canvas id (`assistant-12` → `assistant`). */
export function kindOfId(canvasId: string): NodeKind | null {
  return parseCanvasId(canvasId)?.kind ?? null;
}
