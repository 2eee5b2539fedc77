// Which view the canvas shows (lowDetailAt on React Flow's zoom), and which
// cards stay hidden in the DOM view because they were never measured
// (unseen.ts), both following every pan and zoom without re-rendering the
// canvas unless they change.
import { useStoreApi } from "@xyflow/react";
import { useEffect, useMemo, useState } from "react";
import type { FlowEdge, FlowNode } from "../model";
import { lowDetailAt } from "./detailLevel";
import { toReveal, unseenOf, viewArea } from "./unseen";

const NONE: ReadonlySet<string> = new Set<string>();
/** Cards measured per idle moment: a few dozen mount in well under a frame's budget of idle time. */
const MEASURE_BATCH = 25;

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

/** Nodes hidden from the DOM view as never measured and not on screen yet. */
export function useUnseen(nodes: readonly FlowNode[], low: boolean): ReadonlySet<string> {
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    if (low) return;
    const check = () => {
      const { transform, width, height, panZoom } = flowStore.getState();
      if (!panZoom || width === 0) return;
      const fresh = toReveal(nodes, revealed, viewArea(transform, width, height));
      if (fresh.length > 0) setRevealed((before) => new Set([...before, ...fresh]));
    };
    check();
    return flowStore.subscribe((state, before) => {
      if (state.transform !== before.transform || state.width !== before.width || state.height !== before.height) check();
    });
  }, [flowStore, nodes, low, revealed]);
  const unseen = useMemo(() => {
    if (low) return NONE;
    // What is on screen now is not unseen, even before the effect above records it: no empty frame on zooming in.
    const { transform, width, height } = flowStore.getState();
    const onScreen = width > 0 ? toReveal(nodes, revealed, viewArea(transform, width, height)) : [];
    return unseenOf(nodes, onScreen.length > 0 ? new Set([...revealed, ...onScreen]) : revealed);
  }, [flowStore, nodes, revealed, low]);
  // The same set while its members stay the same (a drag changes positions, not what is unseen).
  const key = [...unseen].join(" ");
  const stable = useMemo(() => (key === "" ? NONE : new Set(key.split(" "))), [key]);
  // The rest are measured a few at a time while the page is idle, so that React Flow soon draws
  // every edge itself (the layer draws those it cannot) and panning mounts nothing new.
  useEffect(() => {
    if (stable.size === 0) return;
    const idle = requestIdleCallback(() => {
      const batch = [...stable].slice(0, MEASURE_BATCH);
      setRevealed((before) => new Set([...before, ...batch]));
    });
    return () => cancelIdleCallback(idle);
  }, [stable]);
  return stable;
}
