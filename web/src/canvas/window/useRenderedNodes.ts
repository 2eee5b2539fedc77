// The ids of the nodes the DOM view renders (renderedNodes.ts) for the render
// window: the same set object while its members stay the same, so a drag,
// which changes positions at every frame, leaves the edges' split alone.
import { useMemo, useState } from "react";
import type { FlowNode } from "../model";
import { renderedNodes, sameMembers } from "./renderedNodes";
import type { RenderWindow } from "./renderWindow";

const NONE: ReadonlySet<string> = new Set<string>();

export function useRenderedNodes(nodes: readonly FlowNode[], window: RenderWindow | null): ReadonlySet<string> {
  const computed = useMemo(() => (window ? renderedNodes(nodes, window.area) : NONE), [nodes, window]);
  const [kept, setKept] = useState(computed);
  const same = kept === computed || sameMembers(kept, computed);
  if (!same) setKept(computed);
  return same ? kept : computed;
}
