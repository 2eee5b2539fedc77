// Tidy up (canvas/layout/tidyUp.ts lays out): the selection, or every node
// when nothing is selected, moved to its new place and saved through the same
// action a drag ends with, so positions persist and containers hold their
// children; a container grown to hold them saves its new size, and what it
// now covers steps aside (as for a new container). The layout (dagre) is
// fetched on the first tidy, not with the canvas's first paint.
import { atom } from "jotai";
import type { AnyNodeData } from "../../canvas/model";
import { edgesAtom, nodesAtom } from "./atoms";
import { findNode } from "./graph";
import { makeRoomAtom } from "./makeRoom";
import { finishDragAtom, type Placement } from "./move";
import { saveNodeAtom } from "./save";

/** Tidies the canvas up; answers how many nodes moved. */
export const tidyUpAtom = atom(null, async (get, set): Promise<number> => {
  const { tidyUp } = await import("../../canvas/layout/tidyUp");
  const nodes = get(nodesAtom);
  const chosen = nodes.filter((n) => n.selected).map((n) => n.id);
  const { positions, sizes } = tidyUp(nodes, get(edgesAtom), chosen.length > 0 ? new Set(chosen) : null);

  const starts = new Map<string, Placement>();
  for (const n of nodes) {
    const at = positions.get(n.id);
    if (at && (at.x !== n.position.x || at.y !== n.position.y)) {
      starts.set(n.id, n.parentId ? { position: n.position, parentId: n.parentId } : { position: n.position });
    }
  }
  // The drawn size changes at once; the saved one (data) when the server has it.
  set(
    nodesAtom,
    get(nodesAtom).map((n) => {
      const at = starts.has(n.id) ? positions.get(n.id) : undefined;
      const size = sizes.get(n.id);
      if (!at && !size) return n;
      return { ...n, ...(at && { position: at }), ...(size && { width: size.width, height: size.height }) };
    }),
  );
  await Promise.all([
    ...[...sizes].map(([id, size]) => {
      const node = findNode(get(nodesAtom), id);
      return node && set(saveNodeAtom, id, { ...node.data, ...size } as AnyNodeData);
    }),
    set(finishDragAtom, [...starts.keys()], starts),
  ]);
  let aside = 0;
  for (const id of sizes.keys()) aside += await set(makeRoomAtom, id);
  return starts.size + aside;
});
