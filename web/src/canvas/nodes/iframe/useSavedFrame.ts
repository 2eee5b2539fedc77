// The iframe node as the canvas holds it (what the server last answered),
// not the panel's draft: whether it is registered and live, its key and
// script. Re-renders only when that node's data changes.
import type { IframeData } from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo } from "react";
import { nodesAtom } from "../../../state/canvas";
import { findNode } from "../../../state/canvas/graph";

export function useSavedFrame(nodeId: string): IframeData | undefined {
  const savedAtom = useMemo(
    () => selectAtom(nodesAtom, (nodes) => findNode(nodes, nodeId)?.data as IframeData | undefined),
    [nodeId],
  );
  return useAtomValue(savedAtom);
}
