// Asking before a delete that takes more than a person may have meant: a
// node with edges goes with them, and several nodes go at once. One answer
// covers the whole request; "don't ask again" lasts until the page is
// reloaded (an atom, never storage), so a fresh visit asks again.
import { atom } from "jotai";
import { fa } from "../../i18n/fa";
import type { FlowEdge, FlowNode } from "../../canvas/model";
import { edgesAtom, nodesAtom } from "./atoms";
import { deleteNodeAtom } from "./deleteNode";
import { findNode } from "./graph";
import { batchAtom } from "./history";

/** The user ticked "don't ask again" in this page's life. */
export const skipDeleteConfirmationAtom = atom(false);

/** A delete waiting for its answer: the nodes and how many edges go with them. */
export type PendingDelete = { ids: string[]; labels: string[]; edges: number };

export const pendingDeleteAtom = atom<PendingDelete | null>(null);

/** What deleting `ids` would take with it; null when it needs no question (one node, no edges). */
export function deleteQuestion(nodes: FlowNode[], edges: FlowEdge[], ids: string[]): PendingDelete | null {
  const present = ids.filter((id) => findNode(nodes, id));
  const going = new Set(present);
  const edgeIds = new Set(edges.filter((e) => going.has(e.source) || going.has(e.target)).map((e) => e.id));
  if (present.length <= 1 && edgeIds.size === 0) return null;
  return { ids: present, labels: present.map((id) => findNode(nodes, id)!.data.label), edges: edgeIds.size };
}

/** Deletes nodes one after another (an analyzer's edges and a container's children are settled before the next). */
export const deleteNodesNowAtom = atom(null, async (_get, set, ids: string[]): Promise<void> => {
  // One step of the history: an undo brings the whole selection back.
  await set(batchAtom, fa.editing.steps.deleteMany(ids.length), async () => {
    for (const id of ids) await set(deleteNodeAtom, id);
  });
});

/** Deletes `ids`, first asking when the delete takes edges or several nodes (unless told not to ask). */
export const requestDeleteNodesAtom = atom(null, (get, set, ids: string[]): void => {
  if (ids.length === 0) return;
  const question = get(skipDeleteConfirmationAtom) ? null : deleteQuestion(get(nodesAtom), get(edgesAtom), ids);
  if (question) set(pendingDeleteAtom, question);
  else void set(deleteNodesNowAtom, ids);
});

/** The answer to the pending question: delete (and maybe stop asking) or keep everything. */
export const answerDeleteAtom = atom(null, (get, set, answer: { confirm: boolean; dontAskAgain?: boolean }): void => {
  const pending = get(pendingDeleteAtom);
  set(pendingDeleteAtom, null);
  if (!pending || !answer.confirm) return;
  if (answer.dontAskAgain) set(skipDeleteConfirmationAtom, true);
  void set(deleteNodesNowAtom, pending.ids);
});
