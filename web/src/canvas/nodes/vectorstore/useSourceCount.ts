// The file count of a vector store, kept up to date from the canvas.
import { atom, useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo } from "react";
import { edgesAtom, nodesAtom } from "../../../state/canvas";
import { sameCount, sourceFileCount, type SourceCount } from "./sources";

/** Re-renders only when the count changes, not whenever a node moves. */
export function useSourceCount(id: string): SourceCount {
  const countAtom = useMemo(
    () =>
      selectAtom(
        atom((get) => sourceFileCount(get(nodesAtom), get(edgesAtom), id)),
        (count) => count,
        sameCount,
      ),
    [id],
  );
  return useAtomValue(countAtom);
}
