// Adding a node from the palette (spec §4, §5): one add at a time, plan
// limits checked first for limited kinds, the node shown at once as pending
// under a temporary id, then saved.
import { constants, message, temporaryId, type NodeKind, type Position } from "@dastyar/rules";
import { atom } from "jotai";
import { kindInfoOf, newNodeData } from "../../canvas/kinds";
import { placeNew } from "../../canvas/layout/freeSpot";
import { fa } from "../../i18n/fa";
import { notifyAtom } from "../notifications";
import { isAddingNodeAtom, nodesAtom, projectIdAtom, selectedNodeIdAtom } from "./atoms";
import { createOnServerAtom, pendingNode } from "./create";
import { recordAtom, type Entry } from "./history";
import { checkLimitAtom } from "./limits";

export const DEFAULT_POSITION: Position = constants().defaultNodePosition;

export type AddNode = { kind: NodeKind; position?: Position };

/** Adds a node; answers its canvas id once saved, or null when refused or failed. */
export const addNodeAtom = atom(null, async (get, set, { kind, position }: AddNode): Promise<string | null> => {
  if (get(isAddingNodeAtom)) {
    set(notifyAtom, { kind: "error", text: message("add_in_progress", {}) });
    return null;
  }
  const projectId = get(projectIdAtom);
  if (projectId === null) return null;
  set(isAddingNodeAtom, true);
  try {
    if (kindInfoOf(kind).planLimited && !(await set(checkLimitAtom, kind))) return null;
    const id = temporaryId(kind, Date.now());
    const node = pendingNode(id, newNodeData(kind), placeNew(get(nodesAtom), kind, position ?? DEFAULT_POSITION));
    if (!kindInfoOf(kind).persisted) {
      // The test frame lives only on this canvas.
      node.data = { ...node.data, creationStatus: "success" };
      set(nodesAtom, [...get(nodesAtom), node]);
      set(selectedNodeIdAtom, id);
      set(recordAtom, added(kind, id), projectId);
      return id;
    }
    // Parents come before children in React Flow's list.
    set(nodesAtom, kind === "container" ? [node, ...get(nodesAtom)] : [...get(nodesAtom), node]);
    const saved = await set(createOnServerAtom, id);
    if (saved && kind === "container") {
      set(notifyAtom, { kind: "success", text: message("container_created", {}) });
    }
    if (saved) set(recordAtom, added(kind, saved), projectId);
    return saved;
  } finally {
    set(isAddingNodeAtom, false);
  }
});

/** The history's step for an add: undone by removing the node. */
function added(kind: NodeKind, id: string): Entry {
  return { label: fa.editing.steps.add(kindInfoOf(kind).label), ops: [{ do: "remove", ids: [id] }] };
}
