// The render window (renderWindow.ts) following React Flow's pan, zoom and
// pane size: the canvas re-renders only when the window is made again, not at
// every frame of a pan.
import { useStore, type ReactFlowState } from "@xyflow/react";
import { useCallback, useMemo } from "react";
import type { Box } from "../lowDetail/detailLevel";
import { viewArea } from "./viewArea";
import { stillServes, windowAround, type RenderWindow } from "./renderWindow";

/** The window for the view, or null in low detail (no card is rendered) and before the pane has a size. */
export function useRenderWindow(low: boolean): RenderWindow | null {
  const view = useStore(
    useCallback(
      (state: ReactFlowState): Box | null =>
        low || state.width === 0 || state.height === 0 ? null : viewArea(state.transform, state.width, state.height),
      [low],
    ),
    // The view a window was made for is kept (and so the window) while that window still does.
    useCallback((made: Box | null, now: Box | null) => made === now || (made !== null && now !== null && stillServes(made, now)), []),
  );
  return useMemo(() => (view ? windowAround(view) : null), [view]);
}
