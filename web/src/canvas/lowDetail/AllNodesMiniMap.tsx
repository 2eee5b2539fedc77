// The canvas's minimap: React Flow's MiniMap draws no node React Flow holds
// hidden (every node in low detail, those outside the render window in the
// DOM view), so this one takes its place (same corner, same look): every
// node as a box in its kind's accent, the view on screen outlined, a drag on
// it pans and the wheel over it zooms. The boxes are drawn once into a bitmap
// of their own, so a pan redraws only the outline of the view, and a few
// times a second while a node is dragged.
import { Panel, useReactFlow, useStoreApi } from "@xyflow/react";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef } from "react";
import { nodesAtom } from "../../state/canvas";
import type { FlowEdge, FlowNode } from "../model";
import { APPEARANCE } from "../nodes/appearance";
import { boundsOf, type Box } from "./detailLevel";
import { drawList, type DrawnNode } from "./drawList";
import { miniMapFrame } from "./miniMapFrame";
import { useViewportFrames } from "./useViewportFrames";
import { viewArea } from "../window/viewArea";

/** React Flow's MiniMap's size. */
const SIZE = { width: 200, height: 150 };
/** Outside the view, dimmed as React Flow's mask does on the dark theme. */
const MASK = "rgb(0 0 0 / 45%)";
const VIEW_STROKE = "#94a3b8";

/** While a node is dragged, the boxes are drawn again at most this often (ms): the minimap follows, the drag keeps its frames. */
const DRAG_REFRESH_MS = 200;

type Picture = { bitmap: HTMLCanvasElement; nodes: readonly FlowNode[]; bounds: Box | null; key: string; at: number };

export function AllNodesMiniMap({ label }: { label: string }) {
  const nodes = useAtomValue(nodesAtom);
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const flow = useReactFlow<FlowNode, FlowEdge>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const latest = useRef(nodes);
  /** The boxes as last drawn: of which nodes, in which frame, when. */
  const picture = useRef<Picture | null>(null);
  const later = useRef(0);
  /** Asks for a frame to draw in (useViewportFrames' redraw). */
  const again = useRef(() => {});

  const frameNow = useCallback(() => {
    const { transform, width, height } = flowStore.getState();
    const view = viewArea(transform, width, height);
    return { view, at: miniMapFrame(picture.current?.bounds ?? boundsOf(latest.current), view, SIZE) };
  }, [flowStore]);

  const draw = useCallback(() => {
    const ctx = canvasRef.current?.getContext("2d");
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const now = performance.now();
    const known = picture.current;
    const nodes = latest.current;
    if (known && known.nodes !== nodes && now - known.at < DRAG_REFRESH_MS && nodes.some((n) => n.dragging)) {
      // Drawn again a moment later (the view's outline still follows every frame).
      window.clearTimeout(later.current);
      later.current = window.setTimeout(() => again.current(), known.at + DRAG_REFRESH_MS - now);
    } else if (!known || known.nodes !== nodes) {
      picture.current = { bitmap: known?.bitmap ?? document.createElement("canvas"), nodes, bounds: boundsOf(nodes), key: "", at: now };
    }
    const { view, at } = frameNow();
    const key = `${at.x} ${at.y} ${at.scale} ${dpr}`;
    const current = picture.current!;
    if (current.key !== key) {
      const { bitmap } = current;
      bitmap.width = SIZE.width * dpr;
      bitmap.height = SIZE.height * dpr;
      const pen = bitmap.getContext("2d");
      if (!pen) return;
      pen.setTransform(dpr / at.scale, 0, 0, dpr / at.scale, (-at.x * dpr) / at.scale, (-at.y * dpr) / at.scale);
      // One fill per colour.
      const byColour = new Map<string, DrawnNode[]>();
      for (const box of drawList(current.nodes, []).nodes) {
        const colour = box.container ? "rgb(148 163 184 / 25%)" : APPEARANCE[box.kind].accent;
        const group = byColour.get(colour);
        if (group) group.push(box);
        else byColour.set(colour, [box]);
      }
      for (const [colour, group] of byColour) {
        pen.fillStyle = colour;
        pen.beginPath();
        for (const box of group) pen.rect(box.x, box.y, box.width, box.height);
        pen.fill();
      }
      current.key = key;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, SIZE.width * dpr, SIZE.height * dpr);
    ctx.drawImage(current.bitmap, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const vx = (view.x - at.x) / at.scale;
    const vy = (view.y - at.y) / at.scale;
    const vw = view.width / at.scale;
    const vh = view.height / at.scale;
    ctx.fillStyle = MASK;
    ctx.beginPath();
    ctx.rect(0, 0, SIZE.width, SIZE.height);
    ctx.rect(vx, vy, vw, vh);
    ctx.fill("evenodd");
    ctx.strokeStyle = VIEW_STROKE;
    ctx.lineWidth = 1;
    ctx.strokeRect(vx, vy, vw, vh);
  }, [frameNow]);

  const redraw = useViewportFrames(draw);
  useEffect(() => {
    again.current = redraw;
  }, [redraw]);
  useEffect(() => {
    latest.current = nodes;
    redraw();
  }, [nodes, redraw]);
  useEffect(() => () => window.clearTimeout(later.current), []);

  // A drag on the minimap moves the view with it, as React Flow's pannable MiniMap does.
  const onPointerDown = useCallback(
    (event: React.PointerEvent<HTMLCanvasElement>) => {
      const canvas = event.currentTarget;
      canvas.setPointerCapture(event.pointerId);
      let last = { x: event.clientX, y: event.clientY };
      const move = (e: PointerEvent) => {
        const { at } = frameNow();
        const { x, y, zoom } = flow.getViewport();
        const dx = (e.clientX - last.x) * at.scale;
        const dy = (e.clientY - last.y) * at.scale;
        last = { x: e.clientX, y: e.clientY };
        void flow.setViewport({ x: x - dx * zoom, y: y - dy * zoom, zoom });
      };
      const up = () => {
        canvas.removeEventListener("pointermove", move);
        canvas.removeEventListener("pointerup", up);
        canvas.removeEventListener("pointercancel", up);
      };
      canvas.addEventListener("pointermove", move);
      canvas.addEventListener("pointerup", up);
      canvas.addEventListener("pointercancel", up);
    },
    [flow, frameNow],
  );

  // The wheel over the minimap zooms the view around its middle, as React Flow's zoomable MiniMap does.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const factor = Math.pow(2, -event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002));
      void flow.zoomTo(flow.getZoom() * factor);
    };
    canvas.addEventListener("wheel", onWheel, { passive: false });
    return () => canvas.removeEventListener("wheel", onWheel);
  }, [flow]);

  const dpr = typeof window === "undefined" ? 1 : window.devicePixelRatio || 1;
  return (
    <Panel position="bottom-right" className="react-flow__minimap" data-testid="all-nodes-minimap">
      <canvas
        ref={canvasRef}
        width={SIZE.width * dpr}
        height={SIZE.height * dpr}
        style={{ width: SIZE.width, height: SIZE.height, display: "block", cursor: "grab" }}
        role="img"
        aria-label={label}
        onPointerDown={onPointerDown}
      />
    </Panel>
  );
}
