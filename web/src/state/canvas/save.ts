// Saving a node's settings (spec §4: pending, then success or error): the
// data is checked and normalised by the rules first, so a malformed field
// never reaches the server; what the server answers becomes the node's data.
import { nodePayload, type NodeData, type NodeKind, type Problem } from "@dastyar/rules";
import { atom } from "jotai";
import { renameContainer, resizeContainer } from "../../api/containers";
import { updateNode } from "../../api/nodes";
import { displayLabel, kindInfoOf, storedName } from "../../canvas/kinds";
import { savedRef, toFlowNode, type AnyNodeData } from "../../canvas/model";
import { loadUrlRules, urlRulesNow } from "../../canvas/urlRules";
import { fa } from "../../i18n/fa";
import { notifyAtom } from "../notifications";
import { nodesAtom, projectIdAtom } from "./atoms";
import { failureText } from "./failures";
import { findNode, mapNode, patchData } from "./graph";
import { recordAtom, type Recording } from "./history";

export type SaveResult = { ok: true } | { ok: false; problems: Problem[] };

/** Saves in flight: leaving the page now would lose them (see useLeaveGuard). */
export const savesInFlightAtom = atom(0);

/**
 * Saves `data` as node `id`'s settings. Malformed fields come back as
 * problems, unsent. With `announce` (a panel's save) success is said aloud.
 */
export const saveNodeAtom = atom(
  null,
  async (
    get,
    set,
    id: string,
    data: AnyNodeData,
    options: { announce?: boolean } & Recording = {},
  ): Promise<SaveResult> => {
  const node = findNode(get(nodesAtom), id);
  if (!node) return { ok: true };
  const projectId = get(projectIdAtom);
  const kind = node.type as NodeKind;
  // Fetched with the panel as a rule; awaited only when a save comes first.
  const rules = urlRulesNow() ?? (await loadUrlRules());
  const prepared = rules.prepareNodeData({ type: kind, data } as NodeData);
  if (prepared.problems.length > 0) return { ok: false, problems: prepared.problems };
  const next = prepared.data.data as AnyNodeData;
  const ref = savedRef(node);
  if (kind === "testframe" || !ref) {
    // Lives only here (a test frame), or not created yet: the create sends it.
    set(nodesAtom, patchData(get(nodesAtom), id, next));
    return { ok: true };
  }
  set(nodesAtom, patchData(get(nodesAtom), id, { ...next, creationStatus: "pending" }));
  set(savesInFlightAtom, get(savesInFlightAtom) + 1);
  try {
    const saved = await send(kind, ref.id, next, node.data);
    set(nodesAtom, mapNode(get(nodesAtom), id, (n) => ({ ...n, data: saved })));
    if (options.record ?? true) {
      // Undone by saving what the node held before (a secret stays as its mask: the server keeps it).
      const label = fa.editing.steps.save(node.data.label || kindInfoOf(kind).label);
      set(recordAtom, { label, ops: [{ do: "save", id, data: node.data }] }, projectId);
    }
    if (options.announce) set(notifyAtom, { kind: "success", text: fa.canvas.panel.saved });
    return { ok: true };
  } catch (error) {
    set(nodesAtom, patchData(get(nodesAtom), id, { creationStatus: "error" }));
    set(notifyAtom, { kind: "error", text: failureText("node_update_failed", kind, error) });
    return { ok: true };
  } finally {
    set(savesInFlightAtom, get(savesInFlightAtom) - 1);
  }
  },
);

/**
 * Sends a node's settings (a container's only where they differ from
 * `before`; all of them without it); answers the data the server now holds.
 */
async function send(kind: NodeKind, id: number, data: AnyNodeData, before?: AnyNodeData): Promise<AnyNodeData> {
  if (kind === "container") {
    let saved = null;
    if (!before || data.label !== before.label) saved = await renameContainer(id, data.label);
    const resized = !before || data.width !== before.width || data.height !== before.height;
    if (resized && data.width != null && data.height != null) {
      saved = await resizeContainer(id, data.width, data.height);
    }
    return saved ? toFlowNode(saved).data : { ...data, creationStatus: "success" };
  }
  const typed = { type: kind, data } as NodeData;
  const payload = nodePayload(typed) ?? {};
  const view = await updateNode(kind, id, { ...payload, name: storedName(typed), ...displayLabel(typed) });
  return toFlowNode(view).data;
}

/** Re-sends a saved node's whole settings (retry of a failed update). */
export const resendNodeAtom = atom(null, async (get, set, id: string): Promise<boolean> => {
  const node = findNode(get(nodesAtom), id);
  const ref = node ? savedRef(node) : null;
  if (!node || !ref) return false;
  const kind = node.type as NodeKind;
  set(nodesAtom, patchData(get(nodesAtom), id, { creationStatus: "pending" }));
  try {
    const saved = await send(kind, ref.id, node.data);
    set(nodesAtom, mapNode(get(nodesAtom), id, (n) => ({ ...n, data: saved })));
    return true;
  } catch (error) {
    set(nodesAtom, patchData(get(nodesAtom), id, { creationStatus: "error" }));
    set(notifyAtom, { kind: "error", text: failureText("node_update_failed", kind, error) });
    return false;
  }
});
