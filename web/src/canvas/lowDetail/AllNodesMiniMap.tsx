// The canvas's minimap: React Flow's MiniMap draws no node React Flow holds
// hidden (every node in low detail, those outside the render window in the
// DOM view), so this one takes its place (same corner, same look): every
// node as a box in its kind's accent, the view on screen outlined, a drag on
// it pans and the wheel over it zooms. The boxes are drawn once into a bitmap
// of their own, so a pan redraws only the outline of the view.
import { Panel, useReactFlow, useStoreApi } from "@xyflow/react";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useMemo, useRef } from "react";
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

export function AllNodesMiniMap({ label }: { label: string }) {
  const nodes = useAtomValue(nodesAtom);
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const flow = useReactFlow<FlowNode, FlowEdge>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxes = useMemo(() => drawList(nodes, []).nodes, [nodes]);
  /** The boxes as last drawn, for the frame they were drawn in. */
  const picture = useRef<{ bitmap: HTMLCanvasElement; boxes: DrawnNode[]; key: string } | null>(null);
  const bounds = useMemo<Box | null>(() => boundsOf(nodes), [nodes]);

  const frameNow = useCallback(() => {
    const { transform, width, height } = flowStore.getState();
    return { view: viewArea(transform, width, height), at: miniMapFrame(bounds, viewArea(transform, width, height), SIZE) };
  }, [flowStore, bounds]);

  const draw = useCallback(() => {
    const ctx = canvasRef.current?.getContext("2d");
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const { view, at } = frameNow();
    const key = `${at.x} ${at.y} ${at.scale} ${dpr}`;
    if (!picture.current || picture.current.boxes !== boxes || picture.current.key !== key) {
      const bitmap = picture.current?.bitmap ?? document.createElement("canvas");
      bitmap.width = SIZE.width * dpr;
      bitmap.height = SIZE.height * dpr;
      const pen = bitmap.getContext("2d");
      if (!pen) return;
      pen.setTransform(dpr / at.scale, 0, 0, dpr / at.scale, (-at.x * dpr) / at.scale, (-at.y * dpr) / at.scale);
      // One fill per colour.
      const byColour = new Map<string, DrawnNode[]>();
      for (const box of boxes) {
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
      picture.current = { bitmap, boxes, key };
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, SIZE.width * dpr, SIZE.height * dpr);
    ctx.drawImage(picture.current.bitmap, 0, 0);
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
  }, [boxes, frameNow]);

  useViewportFrames(draw);

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
