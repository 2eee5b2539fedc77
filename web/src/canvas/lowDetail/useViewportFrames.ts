// Drawing on a <canvas> that follows React Flow's viewport: at most one
// draw per animation frame, asked for now and on every pan, zoom and resize.

import { useStoreApi } from "@xyflow/react";
import { useCallback, useEffect, useRef } from "react";
import type { FlowEdge, FlowNode } from "../model";

/** Answers `redraw`, which draws with `draw` on the next frame (once, however often it is called). */
export function useViewportFrames(draw: () => void): () => void {
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const frame = useRef(0);

  const redraw = useCallback(() => {
    if (frame.current !== 0) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      draw();
    });
  }, [draw]);

  useEffect(() => {
    redraw();
    const unsubscribe = flowStore.subscribe((state, before) => {
      if (state.transform !== before.transform || state.width !== before.width || state.height !== before.height) redraw();
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [flowStore, redraw]);

  return redraw;
}
