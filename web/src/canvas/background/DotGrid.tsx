// The canvas's dot grid on a layer of its own. React Flow's <Background>
// fills the pane with an SVG pattern that is painted again at every pan
// frame, and under every edge a dragged node pulls along; this layer is
// painted only when the zoom or the pane's size changes, and a pan only
// shifts it (a compositor move, written straight to its style, no render).
import { useStore, useStoreApi, type ReactFlowState } from "@xyflow/react";
import { useLayoutEffect, useRef } from "react";
import type { FlowEdge, FlowNode } from "../model";
import { GRID_GAP, gridShift } from "./dotGrid";
import styles from "./DotGrid.module.css";

const zoomOf = (s: ReactFlowState) => s.transform[2];
const flowIdOf = (s: ReactFlowState) => s.rfId;

export function DotGrid() {
  const zoom = useStore(zoomOf);
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const layer = useRef<SVGSVGElement>(null);
  // React Flow's own id for this flow: useId's punctuation does not survive url(#…).
  const patternId = `dot-grid-${useStore(flowIdOf)}`;
  const step = GRID_GAP * zoom;

  useLayoutEffect(() => {
    let shown = "";
    const follow = ({ transform: [x, y] }: ReactFlowState<FlowNode, FlowEdge>) => {
      const shift = `translate(${gridShift(x, step)}px, ${gridShift(y, step)}px)`;
      // Most store changes are not pans: leave the style alone then.
      if (shift === shown || !layer.current) return;
      layer.current.style.transform = shift;
      shown = shift;
    };
    follow(flowStore.getState());
    return flowStore.subscribe(follow);
  }, [flowStore, step]);

  return (
    <div className={`react-flow__background ${styles.grid}`} data-testid="dot-grid">
      <svg
        ref={layer}
        className={styles.layer}
        style={{ width: `calc(100% + ${2 * step}px)`, height: `calc(100% + ${2 * step}px)` }}
      >
        <pattern id={patternId} width={step} height={step} patternUnits="userSpaceOnUse">
          <circle cx={step / 2} cy={step / 2} r={zoom / 2} className="react-flow__background-pattern dots" />
        </pattern>
        <rect width="100%" height="100%" fill={`url(#${patternId})`} />
      </svg>
    </div>
  );
}
