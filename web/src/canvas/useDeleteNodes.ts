// Deleting nodes from the canvas: asked about first when the delete takes
// edges or several nodes (state/canvas/deleteRequest.ts), then one after
// another (an analyzer's edges and a container's children are settled before the next).
import { useSetAtom } from "jotai";
import { requestDeleteNodesAtom } from "../state/canvas";

export function useDeleteNodes(): (ids: string[]) => void {
  return useSetAtom(requestDeleteNodesAtom);
}
