// Which view the canvas shows (lowDetailAt on React Flow's zoom), following
// every pan and zoom without re-rendering the canvas unless it changes.
import { useStoreApi } from "@xyflow/react";
import { useEffect, useState } from "react";
import type { FlowEdge, FlowNode } from "../model";
import { lowDetailAt } from "./detailLevel";

/** Whether the view is in low detail: `opening` (once the pane is measured) until React Flow's pan and zoom exist. */
export function useLowDetail(opening: boolean | null): boolean {
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const [low, setLow] = useState(opening ?? false);
  // The opening detail arrives after the first render (it needs the pane's size), before React Flow's first.
  const [known, setKnown] = useState(opening);
  if (opening !== known) {
    setKnown(opening);
    if (opening !== null) setLow(opening);
  }
  useEffect(() => {
    const follow = () => {
      const { panZoom, transform } = flowStore.getState();
      if (panZoom) setLow((now) => lowDetailAt(transform[2], now));
    };
    follow();
    return flowStore.subscribe(follow);
  }, [flowStore]);
  return low;
}
