// The minimap while the low-detail layer draws the graph: React Flow's
// MiniMap draws no node React Flow holds hidden, so in low detail this one
// takes its place (same corner, same look): every node as a box in its
// kind's accent, the view on screen outlined, and a drag on it pans.
import { Panel, useReactFlow, useStoreApi } from "@xyflow/react";
import { useAtomValue } from "jotai";
import { useCallback, useMemo, useRef } from "react";
import { nodesAtom } from "../../state/canvas";
import type { FlowEdge, FlowNode } from "../model";
import { APPEARANCE } from "../nodes/appearance";
import { boundsOf, type Box } from "./detailLevel";
import { drawList } from "./drawList";
import { miniMapFrame } from "./miniMapFrame";
import { useViewportFrames } from "./useViewportFrames";
import { viewArea } from "./unseen";

/** React Flow's MiniMap's size. */
const SIZE = { width: 200, height: 150 };
/** Outside the view, dimmed as React Flow's mask does on the dark theme. */
const MASK = "rgb(0 0 0 / 45%)";
const VIEW_STROKE = "#94a3b8";

export function LowDetailMiniMap({ label }: { label: string }) {
  const nodes = useAtomValue(nodesAtom);
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const flow = useReactFlow<FlowNode, FlowEdge>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxes = useMemo(() => drawList(nodes, []).nodes, [nodes]);
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
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, SIZE.width, SIZE.height);
    ctx.setTransform(dpr / at.scale, 0, 0, dpr / at.scale, (-at.x * dpr) / at.scale, (-at.y * dpr) / at.scale);
    for (const box of boxes) {
      ctx.fillStyle = box.container ? "rgb(148 163 184 / 25%)" : APPEARANCE[box.kind].accent;
      ctx.fillRect(box.x, box.y, box.width, box.height);
    }
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

  const dpr = typeof window === "undefined" ? 1 : window.devicePixelRatio || 1;
  return (
    <Panel position="bottom-right" className="react-flow__minimap" data-testid="low-detail-minimap">
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
