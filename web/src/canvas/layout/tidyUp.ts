// Tidy up: lays nodes out by their edges in layers with dagre, read right to
// left as the flow is (a source to the right of what it feeds: its output
// handle is on its card's left, the target's input on the right). Children
// are laid out inside their container, which grows to hold them; at the top
// level a container moves as one box, its title strip included.
import { Graph, layout } from "@dagrejs/dagre";
import { constants, type Position } from "@dastyar/rules";
import type { FlowEdge, FlowNode } from "../model";
import { aboveOf, bounds, footprint, footprintOf, sizeOf, type Box, type Size } from "./footprint";
import { freeSpot, GAP } from "./freeSpot";

const { groupPadding } = constants();

/** Room between two nodes of one layer, and between layers. */
const NODE_SEP = 40;
const RANK_SEP = 90;

/** New positions (relative to the parent, as React Flow keeps them) and containers' new sizes. */
export type Tidied = { positions: Map<string, Position>; sizes: Map<string, Size> };

type Item = { id: string; size: Size; above: number };

/** Offsets of each item's position from the block's top-left, and the block's size. */
function layered(items: readonly Item[], links: readonly [string, string][]): { offsets: Map<string, Position>; size: Size } {
  const g = new Graph();
  g.setGraph({ rankdir: "RL", nodesep: NODE_SEP, ranksep: RANK_SEP, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const item of items) g.setNode(item.id, { width: item.size.width, height: item.size.height + item.above });
  for (const [source, target] of links) g.setEdge(source, target);
  layout(g);
  const corners = items.map((item) => {
    const { x, y, width, height } = g.node(item.id);
    return { item, x: x - width / 2, y: y - height / 2 };
  });
  const box = bounds(corners.map((c) => ({ x: c.x, y: c.y, width: 0, height: 0 })))!;
  const offsets = new Map<string, Position>();
  let [width, height] = [0, 0];
  for (const { item, x, y } of corners) {
    const at = { x: Math.round(x - box.x), y: Math.round(y - box.y + item.above) };
    offsets.set(item.id, at);
    width = Math.max(width, at.x + item.size.width);
    height = Math.max(height, at.y + item.size.height);
  }
  return { offsets, size: { width, height } };
}

/** The edges between `ids`, each end lifted to `lift(end)`, without loops or repeats. */
function linksAmong(edges: readonly FlowEdge[], ids: ReadonlySet<string>, lift: (id: string) => string): [string, string][] {
  const seen = new Set<string>();
  const links: [string, string][] = [];
  for (const e of edges) {
    const [source, target] = [lift(e.source), lift(e.target)];
    const key = `${source}\n${target}`;
    if (source === target || !ids.has(source) || !ids.has(target) || seen.has(key)) continue;
    seen.add(key);
    links.push([source, target]);
  }
  return links;
}

/**
 * Lays out the nodes `chosen` (with a chosen container's children), or every
 * node when `chosen` is null. What is not chosen stays where it is, and what
 * is laid out is placed where it covers none of it.
 */
export function tidyUp(nodes: readonly FlowNode[], edges: readonly FlowEdge[], chosen: ReadonlySet<string> | null): Tidied {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const inScope = (n: FlowNode) =>
    chosen === null || chosen.has(n.id) || (n.parentId !== undefined && chosen.has(n.parentId));
  const groups = new Map<string | null, FlowNode[]>();
  for (const n of nodes) {
    if (!inScope(n)) continue;
    const parent = n.parentId && byId.has(n.parentId) ? n.parentId : null;
    groups.set(parent, [...(groups.get(parent) ?? []), n]);
  }
  const positions = new Map<string, Position>();
  const sizes = new Map<string, Size>();

  // Children first: a container's size follows what it holds.
  for (const [parent, members] of groups) {
    if (parent === null) continue;
    const container = byId.get(parent)!;
    const ids = new Set(members.map((n) => n.id));
    const others = nodes.filter((n) => n.parentId === parent && !ids.has(n.id));
    const block = layered(
      members.map((n) => ({ id: n.id, size: sizeOf(n), above: 0 })),
      linksAmong(edges, ids, (id) => id),
    );
    const padded = { x: groupPadding, y: groupPadding };
    const origin = others.length === 0 ? padded : freeSpot(others.map(footprintOf), cornerOf(members) ?? padded, block.size);
    const placed: Box[] = others.map(footprintOf);
    for (const n of members) {
      const offset = block.offsets.get(n.id)!;
      const at = { x: origin.x + offset.x, y: origin.y + offset.y };
      positions.set(n.id, at);
      placed.push(footprint(at, sizeOf(n)));
    }
    const held = bounds(placed)!;
    const now = sizeOf(container);
    const size = {
      width: Math.max(now.width, Math.ceil(held.x + held.width + groupPadding)),
      height: Math.max(now.height, Math.ceil(held.y + held.height + groupPadding)),
    };
    if (size.width !== now.width || size.height !== now.height) sizes.set(parent, size);
  }

  const top = groups.get(null) ?? [];
  if (top.length > 0) {
    const sized = (n: FlowNode) => sizes.get(n.id) ?? sizeOf(n);
    const ids = new Set(top.map((n) => n.id));
    const lift = (id: string) => {
      const parent = byId.get(id)?.parentId;
      return parent && byId.has(parent) ? parent : id;
    };
    const block = layered(
      top.map((n) => ({ id: n.id, size: sized(n), above: aboveOf(n) })),
      linksAmong(edges, ids, lift),
    );
    const others = nodes.filter((n) => !n.parentId && !ids.has(n.id)).map((n) => footprint(n.position, sized(n), aboveOf(n)));
    // The block keeps the top-left corner the chosen nodes had, unless that would cover the others.
    const was = bounds(top.map(footprintOf))!;
    const corner = others.length === 0 ? { x: was.x, y: was.y } : freeSpot(others, { x: was.x, y: was.y }, block.size, 0, GAP);
    for (const n of top) {
      const offset = block.offsets.get(n.id)!;
      positions.set(n.id, { x: Math.round(corner.x + offset.x), y: Math.round(corner.y + offset.y) });
    }
  }
  return { positions, sizes };
}

/** The top-left corner of nodes' boxes (positions in their parent), or null for none. */
function cornerOf(members: readonly FlowNode[]): Position | null {
  const box = bounds(members.map(footprintOf));
  return box && { x: box.x, y: box.y };
}
