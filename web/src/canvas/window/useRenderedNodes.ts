// The ids of the nodes the DOM view renders (renderedNodes.ts) for the render
// window, and of those being dragged, each a steady set (useSteadySet.ts).
import { useMemo } from "react";
import type { FlowNode } from "../model";
import { draggedNodes, renderedNodes } from "./renderedNodes";
import type { RenderWindow } from "./renderWindow";
import { useSteadySet } from "./useSteadySet";

const NONE: ReadonlySet<string> = new Set<string>();

export function useRenderedNodes(nodes: readonly FlowNode[], window: RenderWindow | null): ReadonlySet<string> {
  return useSteadySet(useMemo(() => (window ? renderedNodes(nodes, window.area) : NONE), [nodes, window]));
}

export function useDraggedNodes(nodes: readonly FlowNode[]): ReadonlySet<string> {
  return useSteadySet(useMemo(() => draggedNodes(nodes), [nodes]));
}
