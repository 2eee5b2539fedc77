// In the DOM view, the layer's edges with an end being dragged
// (window/edgeSplit.ts), on a canvas over the view alone that is painted at
// every frame of the drag, so the still layer (LowDetailLayer) keeps its
// picture and a hub's thousands of far edges follow it without an SVG
// element each.
import { useStoreApi } from "@xyflow/react";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef } from "react";
import { nodesAtom } from "../../state/canvas";
import type { FlowEdge, FlowNode } from "../model";
import { sizeCanvas } from "./canvasSize";
import { edgeList, type DrawList } from "./drawList";
import styles from "./LowDetail.module.css";
import { paint } from "./paint";
import { useViewportFrames } from "./useViewportFrames";

const NOTHING: DrawList = { nodes: [], edges: [] };

export function MovingEdges({ edges }: { edges: readonly FlowEdge[] }) {
  // Mounted only while a drag carries edges: no subscription to the view the rest of the time.
  return edges.length > 0 ? <MovingEdgesCanvas edges={edges} /> : null;
}

function MovingEdgesCanvas({ edges }: { edges: readonly FlowEdge[] }) {
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const nodes = useAtomValue(nodesAtom);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const list = useRef<DrawList>(NOTHING);

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const { transform, width, height } = flowStore.getState();
    const [x, y, zoom] = transform;
    const dpr = window.devicePixelRatio || 1;
    sizeCanvas(canvas, width, height, dpr);
    const drawn = paint(ctx, list.current, { x, y, zoom }, { width, height, dpr }, { cards: false, focused: null });
    canvas.dataset.drawnEdges = String(drawn.edges);
  }, [flowStore]);

  // Drawn on the next frame, and on every pan, zoom and resize.
  const redraw = useViewportFrames(draw);

  // The dragged ends move at every frame: a new list each time.
  useEffect(() => {
    list.current = edgeList(nodes, edges);
    redraw();
  }, [nodes, edges, redraw]);

  return <canvas ref={canvasRef} className={styles.layer} data-testid="moving-edges" aria-hidden="true" />;
}
