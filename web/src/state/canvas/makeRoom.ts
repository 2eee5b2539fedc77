// A new container's neighbours step out of its way (canvas/layout/makeRoom.ts),
// saved through the same action a drag ends with.
import { atom } from "jotai";
import { makeRoom } from "../../canvas/layout/makeRoom";
import { nodesAtom } from "./atoms";
import { finishDragAtom, type Placement } from "./move";

/** Moves the top-level nodes container `containerId` would cover; answers how many moved. */
export const makeRoomAtom = atom(null, async (get, set, containerId: string): Promise<number> => {
  const nodes = get(nodesAtom);
  const moves = makeRoom(nodes, containerId);
  if (moves.size === 0) return 0;
  const starts = new Map<string, Placement>();
  for (const n of nodes) if (moves.has(n.id)) starts.set(n.id, { position: n.position });
  set(
    nodesAtom,
    get(nodesAtom).map((n) => (moves.has(n.id) ? { ...n, position: moves.get(n.id)! } : n)),
  );
  await set(finishDragAtom, [...moves.keys()], starts);
  return moves.size;
});
