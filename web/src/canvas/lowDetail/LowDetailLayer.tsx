// The low-detail layer: the graph on one <canvas> under React Flow's nodes
// and edges, drawn from one drawing list. Below the detail threshold it draws
// everything and takes the pointer over nodes: a click or a tap selects
// (React Flow's own selection actions, so the panel, delete and copy see the
// same selection), a drag with the mouse or a finger moves the nodes and
// ends as a DOM drag does (finishDragAtom: saved, container rules, one undo
// step), a right click opens the node's menu, and React Flow's selection box
// selects the boxes in it. Over bare canvas the pointer stays React Flow's
// (pan, zoom, selection box). Above the threshold the cards are the DOM's
// and the layer draws only the edges React Flow is not given: those without
// both ends rendered (canvas/window/), over the view and half a screen
// around it, so a pan within that only moves the drawing; a click on one
// selects it, a right click opens its menu.
import type { Position } from "@dastyar/rules";
import { useReactFlow, useStoreApi, type NodeChange } from "@xyflow/react";
import { useAtomValue, useSetAtom, useStore } from "jotai";
import { useCallback, useEffect, useRef, type RefObject } from "react";
import { contains } from "../window/renderWindow";
import { sameMembers } from "../window/renderedNodes";
import { viewArea } from "../window/viewArea";
import { edgesAtom, finishDragAtom, nodesAtom, selectedNodeIdAtom, type Placement } from "../../state/canvas";
import type { MenuTarget } from "../ContextMenu";
import type { FlowEdge, FlowNode } from "../model";
import type { Box } from "./detailLevel";
import { drawList, edgeList, endsOf, sameDrawing, sameEnds, type DrawList } from "./drawList";
import { edgeAt, nodeAt, nodesInside } from "./hitTest";
import styles from "./LowDetail.module.css";
import { sizeCanvas } from "./canvasSize";
import { areaAround, paint, wholeScene, type Painted } from "./paint";
import { useViewportFrames } from "./useViewportFrames";

const NOTHING: DrawList = { nodes: [], edges: [] };

/** A right click this near an edge drawn here (screen pixels) is on it. */
const EDGE_REACH = 6;

/** A press moves this far (screen pixels) before it is a drag, not a click. */
const DRAG_THRESHOLD = 3;

/** Low detail: the flow area of the whole graph, when it fits one small bitmap at `zoom`. */
function wholeArea(list: DrawList, zoom: number, dpr: number): Box | null {
  const whole = wholeScene(list, zoom, dpr);
  return whole && { x: whole.x, y: whole.y, width: whole.width / zoom, height: whole.height / zoom };
}

/** The DOM view: the area drawn before while the view is still inside it, else the view and some around it. */
function viewAround(before: Box | null, transform: [number, number, number], width: number, height: number, dpr: number): Box {
  const view = viewArea(transform, width, height);
  return before && contains(before, view) ? before : areaAround(view, transform[2], dpr);
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

type Props = {
  /** Below the detail threshold: draw the cards and take the pointer over them. */
  cards: boolean;
  /** Above the threshold: the edges React Flow does not draw, drawn here. */
  edges: readonly FlowEdge[];
  paneRef: RefObject<HTMLDivElement | null>;
  /** The node whose entry in the accessible list has the focus (ringed). */
  focused: string | null;
  onMenu: (target: MenuTarget) => void;
};

type Press = {
  id: string;
  pointer: number;
  from: { x: number; y: number };
  drag: { ids: string[]; starts: Map<string, Placement> } | null;
};

export function LowDetailLayer({ cards, edges: aside, paneRef, focused, onMenu }: Props) {
  const store = useStore();
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const flow = useReactFlow<FlowNode, FlowEdge>();
  const nodes = useAtomValue(nodesAtom);
  const edges = useAtomValue(edgesAtom);
  const finishDrag = useSetAtom(finishDragAtom);
  const select = useSetAtom(selectedNodeIdAtom);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** Positions of the nodes being dragged (as in node.position), drawn in place of the stored ones. */
  const moved = useRef(new Map<string, Position>());
  const press = useRef<Press | null>(null);
  /** A press on a node just ended (a click, or a drag): the click event that follows is handled. */
  const pressEnded = useRef(false);
  const painted = useRef<Painted>({ nodes: -1, edges: -1 });

  const drawnEdges = cards ? edges : aside;
  const list = useRef<DrawList>(NOTHING);
  /** In the DOM view: the edges and the nodes the list was made from. */
  const madeFrom = useRef<{ edges: readonly FlowEdge[]; ends: ReadonlyMap<string, FlowNode> } | null>(null);

  /** What the canvas holds when it holds more than the view: redrawn only when one of these changes or the view leaves `area`. */
  const scene = useRef<{ list: DrawList; zoom: number; focused: string | null; dpr: number; area: Box } | null>(null);

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const { transform, width, height } = flowStore.getState();
    const [tx, ty, zoom] = transform;
    const dpr = window.devicePixelRatio || 1;
    const size = (w: number, h: number) => sizeCanvas(canvas, w, h, dpr);
    // Nothing to draw and nothing drawn: a pan in the DOM view costs the layer nothing.
    if (list.current === NOTHING && painted.current.nodes === 0 && painted.current.edges === 0) return;
    let result: Painted | null = null;
    const known = scene.current;
    const kept = known && known.list === list.current && known.zoom === zoom && known.focused === focused && known.dpr === dpr;
    const area = cards ? wholeArea(list.current, zoom, dpr) : viewAround(known && kept ? known.area : null, transform, width, height, dpr);
    if (area) {
      // Drawn once, and a pan only moves the drawing (until the view leaves it, in the DOM view).
      if (!kept || !sameBox(known.area, area)) {
        const w = Math.ceil(area.width * zoom - 0.001);
        const h = Math.ceil(area.height * zoom - 0.001);
        size(w, h);
        result = paint(ctx, list.current, { x: -area.x * zoom, y: -area.y * zoom, zoom }, { width: w, height: h, dpr }, { cards, focused });
        scene.current = { list: list.current, zoom, focused, dpr, area };
      }
      canvas.style.transform = `translate(${tx + area.x * zoom}px, ${ty + area.y * zoom}px)`;
    } else {
      scene.current = null;
      size(width, height);
      canvas.style.transform = "";
      result = paint(ctx, list.current, { x: tx, y: ty, zoom }, { width, height, dpr }, { cards, focused });
    }
    // What was drawn, on the element: for people reading the page with tools, and the specs.
    if (result && (result.nodes !== painted.current.nodes || result.edges !== painted.current.edges)) {
      canvas.dataset.drawnNodes = String(result.nodes);
      canvas.dataset.drawnEdges = String(result.edges);
      painted.current = result;
    }
  }, [flowStore, cards, focused]);

  // Drawn on the next frame, and on every pan, zoom and resize.
  const redraw = useViewportFrames(draw);

  // A new list when the graph changes; drawn in the next frame. In the DOM view a drag of a
  // card (whose edges React Flow draws) changes none of the nodes the list reads: nothing to do.
  useEffect(() => {
    if (cards) {
      madeFrom.current = null;
      list.current = drawList(nodes, drawnEdges, moved.current);
      redraw();
      return;
    }
    const before = madeFrom.current;
    if (before && before.edges === drawnEdges && sameEnds(before.ends, nodes)) return;
    madeFrom.current = { edges: drawnEdges, ends: endsOf(nodes, drawnEdges) };
    const next = drawnEdges.length > 0 ? edgeList(nodes, drawnEdges) : NOTHING;
    if (sameDrawing(list.current, next)) return;
    list.current = next;
    redraw();
  }, [cards, nodes, drawnEdges, redraw]);

  // In the DOM view, on bare canvas over an edge drawn here: a click selects the edge, as a click on
  // React Flow's edges does (selected, it is React Flow's: window/edgeSplit.ts), a right click opens its menu.
  useEffect(() => {
    const pane = paneRef.current;
    if (cards || !pane) return;
    const hit = (event: MouseEvent) => {
      if (!(event.target as Element | null)?.classList.contains("react-flow__pane")) return null;
      const point = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      return edgeAt(list.current.edges, point, EDGE_REACH / flowStore.getState().transform[2]);
    };
    const onClick = (event: MouseEvent) => {
      const id = hit(event);
      if (!id) return;
      // Not React Flow's pane click, which would clear the selection.
      event.stopPropagation();
      const state = flowStore.getState();
      if (!state.multiSelectionActive) state.unselectNodesAndEdges();
      store.set(edgesAtom, store.get(edgesAtom).map((e) => (e.id === id ? { ...e, selected: true } : e)));
    };
    const onContextMenu = (event: MouseEvent) => {
      const id = hit(event);
      if (!id) return;
      event.preventDefault();
      event.stopPropagation();
      onMenu({ kind: "edge", id, x: event.clientX, y: event.clientY });
    };
    pane.addEventListener("click", onClick, true);
    pane.addEventListener("contextmenu", onContextMenu, true);
    return () => {
      pane.removeEventListener("click", onClick, true);
      pane.removeEventListener("contextmenu", onContextMenu, true);
    };
  }, [cards, paneRef, flow, flowStore, store, onMenu]);

  // React Flow's selection box (Shift and drag) finds none of the nodes it holds hidden: in low
  // detail the box selects the boxes drawn here, as React Flow selects cards (wholly inside it).
  useEffect(() => {
    if (!cards) return;
    let chosen: ReadonlySet<string> = new Set();
    return flowStore.subscribe((state, before) => {
      const rect = state.userSelectionRect;
      if (!state.userSelectionActive || !rect) {
        chosen = new Set();
        return;
      }
      if (rect === before.userSelectionRect) return;
      const [tx, ty, zoom] = state.transform;
      const area = { x: (rect.x - tx) / zoom, y: (rect.y - ty) / zoom, width: rect.width / zoom, height: rect.height / zoom };
      const inside = nodesInside(list.current.nodes, area);
      if (sameMembers(inside, chosen)) return;
      chosen = inside;
      const changes: NodeChange<FlowNode>[] = store
        .get(nodesAtom)
        .filter((n) => Boolean(n.selected) !== inside.has(n.id))
        .map((n) => ({ type: "select", id: n.id, selected: inside.has(n.id) }));
      if (changes.length > 0) state.triggerNodeChanges(changes);
    });
  }, [cards, flowStore, store]);

  // The pointer over nodes, in low detail.
  useEffect(() => {
    const pane = paneRef.current;
    if (!cards || !pane) return;
    const pointAt = (event: { clientX: number; clientY: number }) =>
      flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    const hit = (event: MouseEvent) => {
      // Only presses on the canvas itself, not on the panels, controls or minimap over it.
      const target = event.target as Element | null;
      if (!target?.classList.contains("react-flow__pane")) return null;
      return nodeAt(list.current.nodes, pointAt(event));
    };
    const nodeById = (id: string) => store.get(nodesAtom).find((n) => n.id === id);

    /** React Flow's own click selection: this node alone, or toggled with the multi-select key. */
    const choose = (id: string) => {
      const node = nodeById(id);
      if (!node) return;
      const state = flowStore.getState();
      if (!node.selected) state.addSelectedNodes([id]);
      else if (state.multiSelectionActive) state.unselectNodesAndEdges({ nodes: [node], edges: [] });
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      const id = hit(event);
      if (!id) return;
      // Ours, not React Flow's pan or selection box (no mousedown follows a cancelled pointerdown).
      event.preventDefault();
      event.stopPropagation();
      pane.setPointerCapture(event.pointerId);
      press.current = { id, pointer: event.pointerId, from: { x: event.clientX, y: event.clientY }, drag: null };
    };

    const onPointerMove = (event: PointerEvent) => {
      const current = press.current;
      if (!current || current.pointer !== event.pointerId) {
        if (event.buttons === 0) pane.toggleAttribute("data-over-node", hit(event) !== null);
        return;
      }
      const dx = event.clientX - current.from.x;
      const dy = event.clientY - current.from.y;
      if (!current.drag) {
        if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
        // As React Flow does: a node dragged unselected is selected first; the selection moves together.
        const node = nodeById(current.id);
        if (!node) return;
        if (!node.selected) flowStore.getState().addSelectedNodes([current.id]);
        const all = store.get(nodesAtom);
        const chosen = new Set(all.filter((n) => n.selected || n.id === current.id).map((n) => n.id));
        const dragged = all.filter((n) => chosen.has(n.id) && !(n.parentId && chosen.has(n.parentId)));
        current.drag = {
          ids: dragged.map((n) => n.id),
          starts: new Map(dragged.map((n) => [n.id, n.parentId ? { position: n.position, parentId: n.parentId } : { position: n.position }])),
        };
      }
      const zoom = flowStore.getState().transform[2];
      const next = new Map<string, Position>();
      for (const [id, start] of current.drag.starts) {
        next.set(id, { x: start.position.x + dx / zoom, y: start.position.y + dy / zoom });
      }
      moved.current = next;
      list.current = drawList(store.get(nodesAtom), drawnEdges, next);
      redraw();
    };

    const onPointerUp = (event: PointerEvent) => {
      const current = press.current;
      if (!current || current.pointer !== event.pointerId) return;
      press.current = null;
      if (pane.hasPointerCapture(event.pointerId)) pane.releasePointerCapture(event.pointerId);
      pressEnded.current = true;
      if (!current.drag) {
        choose(current.id);
        select(current.id);
        return;
      }
      const { ids, starts } = current.drag;
      const at = moved.current;
      moved.current = new Map();
      // Where the drag left them, then settled as React Flow's drag stop is.
      const placed = new Set(ids);
      store.set(
        nodesAtom,
        store.get(nodesAtom).map((n) => {
          const to = placed.has(n.id) ? at.get(n.id) : undefined;
          return to ? { ...n, position: { x: Math.round(to.x), y: Math.round(to.y) } } : n;
        }),
      );
      void finishDrag(ids, starts);
    };

    // A finger on a box is ours, as the mouse is: React Flow's pan and pinch (d3-zoom) listen to touch
    // events, which a cancelled pointerdown does not stop. Two fingers stay React Flow's pinch.
    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches.length === 1 ? event.touches[0] : undefined;
      if (!touch || !(event.target as Element | null)?.classList.contains("react-flow__pane")) return;
      if (nodeAt(list.current.nodes, pointAt(touch)) !== null) event.stopPropagation();
    };

    // The click that follows a press handled above is swallowed; one with no press before it (from
    // assistive technology) selects as a press does.
    const onClick = (event: MouseEvent) => {
      if (pressEnded.current) {
        pressEnded.current = false;
        event.stopPropagation();
        return;
      }
      const id = hit(event);
      if (!id) return;
      // Not React Flow's pane click, which would clear the selection.
      event.stopPropagation();
      choose(id);
      select(id);
    };

    const onContextMenu = (event: MouseEvent) => {
      const id = hit(event);
      if (!id) return;
      event.preventDefault();
      event.stopPropagation();
      onMenu({ kind: "node", id, x: event.clientX, y: event.clientY });
    };

    pane.addEventListener("pointerdown", onPointerDown, true);
    pane.addEventListener("touchstart", onTouchStart, { capture: true, passive: true });
    pane.addEventListener("pointermove", onPointerMove, true);
    pane.addEventListener("pointerup", onPointerUp, true);
    pane.addEventListener("pointercancel", onPointerUp, true);
    pane.addEventListener("click", onClick, true);
    pane.addEventListener("contextmenu", onContextMenu, true);
    return () => {
      pane.removeEventListener("pointerdown", onPointerDown, true);
      pane.removeEventListener("touchstart", onTouchStart, true);
      pane.removeEventListener("pointermove", onPointerMove, true);
      pane.removeEventListener("pointerup", onPointerUp, true);
      pane.removeEventListener("pointercancel", onPointerUp, true);
      pane.removeEventListener("click", onClick, true);
      pane.removeEventListener("contextmenu", onContextMenu, true);
      pane.removeAttribute("data-over-node");
    };
  }, [cards, paneRef, flow, flowStore, store, drawnEdges, redraw, finishDrag, select, onMenu]);

  return (
    <canvas
      ref={canvasRef}
      className={styles.layer}
      data-testid="low-detail-layer"
      data-detail={cards ? "low" : "full"}
      aria-hidden="true"
    />
  );
}
