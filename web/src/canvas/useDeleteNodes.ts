// Deleting nodes from the canvas, one after another (an analyzer's edges
// and a container's children are settled before the next).
import { useSetAtom } from "jotai";
import { useCallback } from "react";
import { deleteNodeAtom } from "../state/canvas";

export function useDeleteNodes(): (ids: string[]) => void {
  const deleteNode = useSetAtom(deleteNodeAtom);
  return useCallback(
    (ids: string[]) => {
      void (async () => {
        for (const id of ids) await deleteNode(id);
      })();
    },
    [deleteNode],
  );
}
