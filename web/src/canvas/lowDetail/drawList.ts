// What the low-detail layer draws, worked out from the canvas's nodes and
// edges: each node's box in absolute flow coordinates (containers first, as
// React Flow puts them under everything), each edge's ends at its handles
// and the colour the DOM view gives it (edges/edgeLook.ts). Pure: the layer
// paints it and hit-tests it.
import type { CreationStatus, NodeKind, Position } from "@dastyar/rules";
import { dressEdge } from "../edges/edgeLook";
import type { FlowEdge, FlowNode } from "../model";
import { nameOf } from "../../state/canvas/nodeNames";
import { sizeOf } from "./detailLevel";

export type DrawnNode = {
  id: string;
  kind: NodeKind;
  x: number;
  y: number;
  width: number;
  height: number;
  container: boolean;
  selected: boolean;
  status: CreationStatus;
  label: string;
};

export type DrawnEdge = {
  id: string;
  from: Position;
  to: Position;
  colour: string;
  /** Pending: drawn dashed, as the DOM view does. */
  dashed: boolean;
};

export type DrawList = { nodes: DrawnNode[]; edges: DrawnEdge[] };

/**
 * A container's own card sits on its top edge, right-aligned
 * (nodes/container/ContainerNode.module.css): its handles, and so its
 * edges' ends, are there.
 */
export const CONTAINER_HEAD = { width: 180, height: 44, inset: 12 } as const;

/** The box of a container's card, above its top edge. */
export function containerHead(node: Pick<DrawnNode, "x" | "y" | "width">): { x: number; y: number; width: number; height: number } {
  const { width, height, inset } = CONTAINER_HEAD;
  return { x: node.x + node.width - inset - width, y: node.y - inset - height, width, height };
}

/** How far a handle reaches out of its card's side (half its 12 px): React Flow ends edges there. */
const HANDLE_REACH = 6;

/** Where an edge leaves `node` (its output handle, on the left) and enters it (input, on the right), as React Flow ends it. */
function ends(node: DrawnNode): { output: Position; input: Position } {
  const box = node.container ? containerHead(node) : node;
  const middle = box.y + box.height / 2;
  return { output: { x: box.x - HANDLE_REACH, y: middle }, input: { x: box.x + box.width + HANDLE_REACH, y: middle } };
}

/** The colour of an edge's arrowhead in the DOM view: its kind's, or its status's. */
export function edgeColour(edge: FlowEdge): string {
  const marker = dressEdge(edge, {}).markerEnd;
  return typeof marker === "object" && marker.color ? marker.color : "#94a3b8";
}

/**
 * The drawing list for `nodes` and `edges`; `moved` holds positions (as in
 * `node.position`) that replace the stored ones, for nodes being dragged.
 */
export function drawList(
  nodes: readonly FlowNode[],
  edges: readonly FlowEdge[],
  moved: ReadonlyMap<string, Position> = new Map(),
): DrawList {
  const positionOf = (node: FlowNode) => moved.get(node.id) ?? node.position;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const drawn = new Map<string, DrawnNode>();
  const containers: DrawnNode[] = [];
  const cards: DrawnNode[] = [];
  for (const node of nodes) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    const own = positionOf(node);
    const origin = parent ? positionOf(parent) : { x: 0, y: 0 };
    const { width, height } = sizeOf(node);
    const box: DrawnNode = {
      id: node.id,
      kind: node.type as NodeKind,
      x: origin.x + own.x,
      y: origin.y + own.y,
      width,
      height,
      container: node.type === "container",
      selected: node.selected ?? false,
      status: node.data.creationStatus,
      label: nameOf(node),
    };
    drawn.set(node.id, box);
    (box.container ? containers : cards).push(box);
  }
  const lines: DrawnEdge[] = [];
  for (const edge of edges) {
    const source = drawn.get(edge.source);
    const target = drawn.get(edge.target);
    if (!source || !target) continue;
    lines.push({
      id: edge.id,
      from: ends(source).output,
      to: ends(target).input,
      colour: edgeColour(edge),
      dashed: (edge.data?.connectionStatus ?? "success") === "pending",
    });
  }
  return { nodes: [...containers, ...cards], edges: lines };
}

/** The nodes an edge list (edgeList) reads: the edges' ends and every container (ends may be inside one). */
export function endsOf(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): Map<string, FlowNode> {
  const ids = new Set<string>();
  for (const edge of edges) {
    ids.add(edge.source);
    ids.add(edge.target);
  }
  const ends = new Map<string, FlowNode>();
  for (const node of nodes) if (ids.has(node.id) || node.type === "container") ends.set(node.id, node);
  return ends;
}

/** Whether `nodes` hold the very node objects of `ends` and no new container: an edge list made from them would be the same. */
export function sameEnds(ends: ReadonlyMap<string, FlowNode>, nodes: readonly FlowNode[]): boolean {
  let found = 0;
  for (const node of nodes) {
    const known = ends.get(node.id);
    if (known === undefined) {
      if (node.type === "container") return false;
      continue;
    }
    if (known !== node) return false;
    found++;
  }
  return found === ends.size;
}

/** The drawing list of `edges` alone (no node drawn), reading only their ends and the containers they are in. */
export function edgeList(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): DrawList {
  return { nodes: [], edges: drawList([...endsOf(nodes, edges).values()], edges).edges };
}

/** Whether two lists of edges alone (edgeList) draw the same: a drag of a card elsewhere leaves the drawing alone. */
export function sameDrawing(a: DrawList, b: DrawList): boolean {
  if (a.nodes.length > 0 || b.nodes.length > 0 || a.edges.length !== b.edges.length) return false;
  return a.edges.every((e, i) => {
    const f = b.edges[i]!;
    return (
      e.id === f.id &&
      e.colour === f.colour &&
      e.dashed === f.dashed &&
      e.from.x === f.from.x &&
      e.from.y === f.from.y &&
      e.to.x === f.to.x &&
      e.to.y === f.to.y
    );
  });
}
