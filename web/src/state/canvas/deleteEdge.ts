// Deleting an edge: warn first where the spec says (an active frame, a
// trigger, a template SMS), track it while the server works, then take it
// off the canvas and re-read the ends whose data the link had changed.
import { disconnectWarning, message, type CanvasNode, type Notice } from "@dastyar/rules";
import { atom } from "jotai";
import { fa } from "../../i18n/fa";
import { notifyAtom } from "../notifications";
import { deletingEdgesAtom, edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { removalOf, removeOnServer } from "./edgeRemoval";
import { findNode } from "./graph";
import { recordAtom, type Recording } from "./history";
import { refreshNodesAtom } from "./refresh";

/** The warning to confirm before deleting edge `id`, if it needs one. */
export const edgeWarningAtom = atom(null, (get, _set, id: string): Notice | null => {
  const edge = get(edgesAtom).find((e) => e.id === id);
  if (!edge) return null;
  const source = findNode(get(nodesAtom), edge.source);
  const target = findNode(get(nodesAtom), edge.target);
  if (!source || !target) return null;
  return disconnectWarning(source as unknown as CanvasNode, target as unknown as CanvasNode);
});

function toggled(set: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Deletes edge `id` (already confirmed if it needed to be); answers whether it is gone. */
export const deleteEdgeAtom = atom(null, async (get, set, id: string, { record = true }: Recording = {}): Promise<boolean> => {
  if (get(deletingEdgesAtom).has(id)) return false;
  const edge = get(edgesAtom).find((e) => e.id === id);
  if (!edge) return true;
  const projectId = get(projectIdAtom);
  // Only an edge the server held comes back with an undo.
  const held = (edge.data?.connectionStatus ?? "success") === "success";
  set(deletingEdgesAtom, toggled(get(deletingEdgesAtom), id, true));
  try {
    await removeOnServer(removalOf(edge));
    set(edgesAtom, get(edgesAtom).filter((e) => e.id !== id));
    void set(refreshNodesAtom, [edge.source, edge.target]);
    if (record && held) {
      const op = { do: "connect" as const, source: edge.source, target: edge.target };
      set(recordAtom, { label: fa.editing.steps.disconnect, ops: [op] }, projectId);
    }
    return true;
  } catch {
    set(notifyAtom, { kind: "error", text: message("connection_delete_failed", {}) });
    return false;
  } finally {
    set(deletingEdgesAtom, toggled(get(deletingEdgesAtom), id, false));
  }
});
