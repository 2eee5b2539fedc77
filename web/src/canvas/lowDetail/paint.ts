// Paints a drawing list on the low-detail layer's <canvas>: container
// outlines, edges in their DOM colours, each node as a box in its kind's
// accent colour, names once a box is wide enough to hold a readable line.
// Work is batched by colour (one path per colour), and what is off screen
// is skipped.
import type { NodeKind } from "@dastyar/rules";
import { APPEARANCE } from "../nodes/appearance";
import { containerHead, type DrawList, type DrawnEdge, type DrawnNode } from "./drawList";

export type View = { x: number; y: number; zoom: number };

/** The theme's colours (web/src/styles/global.css), which a canvas cannot read from CSS. */
const SURFACE_RAISED = "#1f2937";
const TEXT = "#f1f5f9";
const DANGER = "#f87171";
const FOCUS = "#60a5fa";
/** A container's dashed border and faint fill (nodes/container/ContainerNode.module.css). */
const CONTAINER_BORDER = "rgb(148 163 184 / 45%)";
const CONTAINER_FILL = "rgb(148 163 184 / 6%)";
const CONTAINER_SELECTED = "#60a5fa";
/** Names are drawn once a card is this wide on screen. */
const LABEL_MIN_WIDTH = 60;
/** A name never smaller than this on screen. */
const LABEL_MIN_PX = 10;
const FONT = '"Vazirmatn", Tahoma, "Segoe UI", sans-serif';

/** A kind's box colour: its accent over the card's surface, strong enough to tell kinds apart. */
const fills = new Map<NodeKind, string>();
function fillOf(kind: NodeKind): string {
  let fill = fills.get(kind);
  if (!fill) {
    fill = mix(APPEARANCE[kind].accent, SURFACE_RAISED, 0.45);
    fills.set(kind, fill);
  }
  return fill;
}

/** `a` over `b` at `share` (both #rrggbb). */
export function mix(a: string, b: string, share: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const parts = [0, 1, 2].map((i) => Math.round(channel(a, i) * share + channel(b, i) * (1 - share)));
  return `#${parts.map((p) => p.toString(16).padStart(2, "0")).join("")}`;
}

/** Control offset of React Flow's bezier edge (curvature 0.25), so the curves match the DOM view's. */
export function controlOffset(distance: number): number {
  return distance >= 0 ? 0.5 * distance : 0.25 * 25 * Math.sqrt(-distance);
}

type Rect = { left: number; top: number; right: number; bottom: number };

function overlaps(view: Rect, x1: number, y1: number, x2: number, y2: number): boolean {
  return x2 >= view.left && x1 <= view.right && y2 >= view.top && y1 <= view.bottom;
}

/** The largest bitmap (device pixels) the layer keeps the whole scene in, to move it on a pan instead of redrawing. */
const SCENE_MAX_PIXELS = 4_000_000;
const SCENE_MAX_SIDE = 4096;
/** Screen pixels around the scene for outlines and focus rings drawn outside the boxes. */
const SCENE_MARGIN = 12;

/**
 * The flow area holding everything `list` draws (container cards above their
 * boxes, edges' curves beyond their ends, a margin for outlines), when at
 * `zoom` it fits a bitmap small enough to keep; null otherwise. Its corner
 * is in flow coordinates, its size in CSS pixels at `zoom`.
 */
export function wholeScene(list: DrawList, zoom: number, dpr: number): { x: number; y: number; width: number; height: number } | null {
  if (list.nodes.length === 0) return null;
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const n of list.nodes) {
    x1 = Math.min(x1, n.x);
    x2 = Math.max(x2, n.x + n.width);
    y1 = Math.min(y1, n.container ? containerHead(n).y : n.y);
    y2 = Math.max(y2, n.y + n.height);
  }
  for (const { from, to } of list.edges) {
    const offset = controlOffset(from.x - to.x);
    x1 = Math.min(x1, from.x - offset, to.x);
    x2 = Math.max(x2, to.x + offset, from.x);
  }
  const margin = SCENE_MARGIN / zoom;
  const width = (x2 - x1 + 2 * margin) * zoom;
  const height = (y2 - y1 + 2 * margin) * zoom;
  const device = width * dpr * height * dpr;
  if (width * dpr > SCENE_MAX_SIDE || height * dpr > SCENE_MAX_SIDE || device > SCENE_MAX_PIXELS) return null;
  return { x: x1 - margin, y: y1 - margin, width: Math.ceil(width), height: Math.ceil(height) };
}

/** The largest bitmap (device pixels) the layer draws the edges of the DOM view in. */
const AROUND_MAX_PIXELS = 8_000_000;
/** Screens drawn around the view in the DOM view, so a pan within them only moves the drawing. */
const AROUND_SCREENS = 0.5;

/**
 * The flow area the layer draws in the DOM view, where it draws edges alone:
 * `view` and half a screen around it, less when that would not fit a bitmap
 * of AROUND_MAX_PIXELS at `zoom` and `dpr`.
 */
export function areaAround(view: { x: number; y: number; width: number; height: number }, zoom: number, dpr: number) {
  const pixels = view.width * zoom * dpr * view.height * zoom * dpr;
  const fits = pixels > 0 ? (Math.sqrt(AROUND_MAX_PIXELS / pixels) - 1) / 2 : 0;
  const screens = Math.max(0, Math.min(AROUND_SCREENS, fits));
  const dx = view.width * screens;
  const dy = view.height * screens;
  return { x: view.x - dx, y: view.y - dy, width: view.width + 2 * dx, height: view.height + 2 * dy };
}

/** What was drawn: the layer says so on its element (data-drawn-nodes, data-drawn-edges). */
export type Painted = { nodes: number; edges: number };

/**
 * Paints `list` at `view` on a canvas of `width` × `height` CSS pixels at
 * `dpr` device pixels each; `cards` false draws the edges only (the DOM
 * view draws the cards). `focused` gets a focus ring.
 */
export function paint(
  ctx: CanvasRenderingContext2D,
  list: DrawList,
  view: View,
  size: { width: number; height: number; dpr: number },
  options: { cards: boolean; focused: string | null },
): Painted {
  const { width, height, dpr } = size;
  const { zoom } = view;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.setTransform(dpr * zoom, 0, 0, dpr * zoom, dpr * view.x, dpr * view.y);
  const px = 1 / zoom; // one screen pixel in flow units
  const seen: Rect = {
    left: -view.x / zoom,
    top: -view.y / zoom,
    right: (width - view.x) / zoom,
    bottom: (height - view.y) / zoom,
  };
  const visible = options.cards
    ? list.nodes.filter((n) => {
        const top = n.container ? n.y - 60 : n.y;
        return overlaps(seen, n.x, top, n.x + n.width, n.y + n.height);
      })
    : [];
  const containers = visible.filter((n) => n.container);
  const cards = visible.filter((n) => !n.container);

  // Containers under everything, as React Flow draws them.
  if (containers.length > 0) {
    ctx.fillStyle = CONTAINER_FILL;
    for (const c of containers) ctx.fillRect(c.x, c.y, c.width, c.height);
    ctx.lineWidth = Math.max(2, 1.5 * px);
    ctx.setLineDash([8 * px, 5 * px]);
    for (const selected of [false, true]) {
      ctx.strokeStyle = selected ? CONTAINER_SELECTED : CONTAINER_BORDER;
      ctx.beginPath();
      for (const c of containers) if (c.selected === selected) ctx.rect(c.x, c.y, c.width, c.height);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    // Each container's own card on its top edge.
    paintBoxes(ctx, containers.map(containerHead).map((head, i) => ({ ...containers[i]!, ...head, container: false })), px);
  }

  const edges = paintEdges(ctx, list.edges, seen, px, !options.cards);
  if (cards.length > 0) paintBoxes(ctx, cards, px);

  if (options.cards && zoom * 250 >= LABEL_MIN_WIDTH) paintLabels(ctx, [...containers.map(labelBoxOfContainer), ...cards], px);

  const focused = options.focused ? visible.find((n) => n.id === options.focused) : undefined;
  if (focused) {
    ctx.strokeStyle = FOCUS;
    ctx.lineWidth = 3 * px;
    ctx.strokeRect(focused.x - 4 * px, focused.y - 4 * px, focused.width + 8 * px, focused.height + 8 * px);
  }
  return { nodes: visible.length, edges };
}

function labelBoxOfContainer(c: DrawnNode): DrawnNode {
  return { ...c, ...containerHead(c), container: false };
}

/**
 * React Flow's closed arrowhead as edgeLook.ts sizes it (18 × 18 marker units on a 2 px stroke over a
 * 20-unit view box: 1.8 flow px per unit), in flow px: 5 units long, 4 either side, outlined 1 unit.
 */
const ARROW = { length: 9, half: 7.2, outline: 1.8 } as const;

/**
 * Edges as the DOM view's beziers, batched by colour; `arrows` adds the
 * arrowhead at each target (the DOM view's edges on the layer, where they
 * are read at full size), pointing left as the curve enters a card's input.
 */
function paintEdges(ctx: CanvasRenderingContext2D, edges: readonly DrawnEdge[], seen: Rect, px: number, arrows: boolean): number {
  const groups = new Map<string, DrawnEdge[]>();
  let drawn = 0;
  for (const edge of edges) {
    const offset = controlOffset(edge.from.x - edge.to.x);
    const x1 = Math.min(edge.from.x - offset, edge.to.x);
    const x2 = Math.max(edge.from.x, edge.to.x + offset);
    if (!overlaps(seen, x1, Math.min(edge.from.y, edge.to.y), x2, Math.max(edge.from.y, edge.to.y))) continue;
    const key = `${edge.colour}${edge.dashed ? " dashed" : ""}`;
    const group = groups.get(key);
    if (group) group.push(edge);
    else groups.set(key, [edge]);
    drawn++;
  }
  for (const group of groups.values()) {
    ctx.lineWidth = Math.max(2, px);
    ctx.strokeStyle = group[0]!.colour;
    ctx.setLineDash(group[0]!.dashed ? [6 * Math.max(1, px), 4 * Math.max(1, px)] : []);
    ctx.beginPath();
    for (const { from, to } of group) {
      const offset = controlOffset(from.x - to.x);
      ctx.moveTo(from.x, from.y);
      ctx.bezierCurveTo(from.x - offset, from.y, to.x + offset, to.y, to.x, to.y);
    }
    ctx.stroke();
    if (arrows) paintArrowheads(ctx, group, seen);
  }
  ctx.setLineDash([]);
  return drawn;
}

function paintArrowheads(ctx: CanvasRenderingContext2D, edges: readonly DrawnEdge[], seen: Rect): void {
  ctx.setLineDash([]);
  ctx.fillStyle = edges[0]!.colour;
  ctx.lineWidth = ARROW.outline;
  ctx.lineJoin = "round";
  ctx.beginPath();
  for (const { to } of edges) {
    if (!overlaps(seen, to.x, to.y - ARROW.half, to.x + ARROW.length, to.y + ARROW.half)) continue;
    ctx.moveTo(to.x, to.y);
    ctx.lineTo(to.x + ARROW.length, to.y - ARROW.half);
    ctx.lineTo(to.x + ARROW.length, to.y + ARROW.half);
    ctx.closePath();
  }
  ctx.fill();
  ctx.stroke();
  ctx.lineJoin = "miter";
}

/** Cards: a box in the kind's colour with its accent along the top, outlined when selected or failed. */
function paintBoxes(ctx: CanvasRenderingContext2D, boxes: readonly DrawnNode[], px: number): void {
  const byKind = new Map<NodeKind, DrawnNode[]>();
  for (const box of boxes) {
    const group = byKind.get(box.kind);
    if (group) group.push(box);
    else byKind.set(box.kind, [box]);
  }
  const bar = Math.max(3, 2 * px);
  for (const [kind, group] of byKind) {
    ctx.fillStyle = fillOf(kind);
    ctx.beginPath();
    for (const b of group) ctx.rect(b.x, b.y, b.width, b.height);
    ctx.fill();
    ctx.fillStyle = APPEARANCE[kind].accent;
    ctx.beginPath();
    for (const b of group) ctx.rect(b.x, b.y, b.width, Math.min(bar, b.height));
    ctx.fill();
  }
  const outline = (which: (b: DrawnNode) => boolean, colour: string, width: number) => {
    const chosen = boxes.filter(which);
    if (chosen.length === 0) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    for (const b of chosen) ctx.rect(b.x, b.y, b.width, b.height);
    ctx.stroke();
  };
  outline((b) => b.status === "error", DANGER, Math.max(2, 2 * px));
  outline((b) => b.selected, TEXT, Math.max(4, 2.5 * px));
  // Pending cards are drawn dimmed in the DOM view.
  const pending = boxes.filter((b) => b.status === "pending");
  if (pending.length > 0) {
    ctx.fillStyle = "rgb(17 24 39 / 35%)";
    ctx.beginPath();
    for (const b of pending) ctx.rect(b.x, b.y, b.width, b.height);
    ctx.fill();
  }
}

/** Glyph and name, right to left, at a size that stays readable. */
function paintLabels(ctx: CanvasRenderingContext2D, boxes: readonly DrawnNode[], px: number): void {
  const size = Math.max(15, LABEL_MIN_PX * px);
  ctx.font = `700 ${size}px ${FONT}`;
  ctx.direction = "rtl";
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  ctx.fillStyle = TEXT;
  const pad = Math.max(10, 4 * px);
  for (const b of boxes) {
    const room = b.width - 2 * pad;
    if (room <= size) continue;
    const y = b.y + Math.min(b.height / 2, pad + size);
    ctx.fillText(`${APPEARANCE[b.kind].glyph} ${b.label}`, b.x + b.width - pad, y, room);
  }
  ctx.direction = "inherit";
}
