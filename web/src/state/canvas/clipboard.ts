// Copy, paste and duplicate (issue #16): a selection travels as core's
// transfer format (a fragment: format, version, nodes with their payload,
// the edges between them, the secrets left out), so another tab or project
// reads exactly what was written, and a broken or newer one is refused in
// Persian by the same reader as a project file. Pasting creates the nodes
// the way an undo brings nodes back (restore.ts: plan limits first, then
// each node and edge through the same calls and rules), at the pointer, as
// one step of the history.
import {
  newTransfer,
  nodePayload,
  parseTransfer,
  type NodeData,
  type MessageCode,
  type NodeKind,
  type NodePayload,
  type Position,
  type Transfer,
  type TransferNode,
} from "@dastyar/rules";
import { atom } from "jotai";
import { kindInfoOf } from "../../canvas/kinds";
import type { FlowEdge, FlowNode } from "../../canvas/model";
import { fa } from "../../i18n/fa";
import { notifyAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { readClipboard, writeClipboard, type ClipboardTexts } from "./clipboardStore";
import { absoluteOf } from "./containerGeometry";
import { recordAtom, type Removed } from "./history";
import { restoreAtom } from "./restore";

/** Where a duplicate goes: down and to the side of what it copies. */
export const DUPLICATE_OFFSET = 40;

/**
 * The selection `ids` as a transfer fragment: the nodes (a container with
 * what it holds), the edges the server holds between them, secrets left out.
 * Null when nothing that can be stored is selected.
 */
export function fragmentOf(nodes: FlowNode[], edges: FlowEdge[], ids: string[]): Transfer | null {
  const storable = (n: FlowNode) => kindInfoOf(n.type as NodeKind).persisted;
  const chosen = new Set(nodes.filter((n) => ids.includes(n.id) && storable(n)).map((n) => n.id));
  for (const n of nodes) if (n.parentId && chosen.has(n.parentId) && storable(n)) chosen.add(n.id);
  if (chosen.size === 0) return null;
  const fileNodes = nodes
    .filter((n) => chosen.has(n.id))
    .map((n): TransferNode => {
      const typed = { type: n.type, data: n.data } as NodeData;
      const inside = n.parentId !== undefined && chosen.has(n.parentId);
      const node: TransferNode = {
        id: n.id,
        kind: n.type as NodeKind,
        label: n.data.label,
        data: (nodePayload(typed) ?? {}) as TransferNode["data"],
        // Relative to its container when the container comes too, else where it is on the canvas.
        position: inside ? n.position : absoluteOf(nodes, n),
      };
      if (inside) node.parent = n.parentId;
      return node;
    });
  const fileEdges = edges
    .filter((e) => chosen.has(e.source) && chosen.has(e.target))
    .filter((e) => (e.data?.connectionStatus ?? "success") === "success")
    .map((e) => ({ source: e.source, target: e.target }));
  return newTransfer(null, fileNodes, fileEdges);
}

export type Read = { ok: true; transfer: Transfer } | { ok: false; message: string };

/**
 * The fragment the clipboards hold: the system clipboard's when it is one,
 * else the stored copy. Text copied from elsewhere is passed over; a
 * fragment that cannot be read (broken, a newer version) says why.
 */
export function readFragment({ system, stored }: ClipboardTexts): Read {
  const read = (text: string | null) => (text !== null && text.trim() !== "" ? parseTransfer(text) : null);
  const fromSystem = read(system);
  if (fromSystem?.ok) return { ok: true, transfer: fromSystem.value };
  // Text copied from elsewhere is not a copy of nodes: the stored copy is.
  const foreign = fromSystem !== null && FOREIGN.has(fromSystem.error.code);
  if (fromSystem && !foreign) return { ok: false, message: fromSystem.error.message };
  const fromStored = read(stored);
  if (fromStored?.ok) return { ok: true, transfer: fromStored.value };
  if (fromStored) return { ok: false, message: fromStored.error.message };
  return { ok: false, message: fa.editing.clipboard.empty };
}

/** Core's refusals of text that is not a transfer file at all. */
const FOREIGN: ReadonlySet<MessageCode> = new Set<MessageCode>(["transfer_not_json", "transfer_format_unknown"]);

/** The fragment's nodes as a restore takes them, its top-left corner moved to `at`. */
export function placed(transfer: Transfer, at: Position): Removed {
  const top = transfer.nodes.filter((n) => !n.parent);
  const left = Math.min(...top.map((n) => n.position.x));
  const up = Math.min(...top.map((n) => n.position.y));
  const dx = Math.round(at.x - left);
  const dy = Math.round(at.y - up);
  return {
    nodes: transfer.nodes.map((n) => {
      const position = n.parent ? n.position : { x: n.position.x + dx, y: n.position.y + dy };
      const piece = { id: n.id, kind: n.kind, label: n.label, data: n.data as NodePayload, position };
      return n.parent ? { ...piece, parent: n.parent } : piece;
    }),
    edges: transfer.edges,
    members: [],
  };
}

/** The top-left corner of a fragment's top-level nodes. */
function cornerOf(transfer: Transfer): Position {
  const top = transfer.nodes.filter((n) => !n.parent);
  return { x: Math.min(...top.map((n) => n.position.x)), y: Math.min(...top.map((n) => n.position.y)) };
}

/**
 * Creates `transfer`'s nodes and edges with their top-left corner at `at`,
 * selects them, and records one step; answers the new ids.
 */
const pasteFragmentAtom = atom(
  null,
  async (get, set, transfer: Transfer, at: Position, label: string): Promise<string[]> => {
    const projectId = get(projectIdAtom);
    if (projectId === null || transfer.nodes.length === 0) return [];
    // Another project's ids mean nothing here: only the fragment's own nodes are reached.
    const { ids, complete } = await set(restoreAtom, placed(transfer, at), () => "");
    const made = [...ids.values()];
    if (made.length === 0) return [];
    if (!complete) set(notifyAtom, { kind: "error", text: fa.editing.clipboard.partial });
    if (transfer.secretsRemoved.length > 0) {
      const names = [...new Set(transfer.secretsRemoved.map((s) => s.label))];
      set(notifyAtom, { kind: "error", text: fa.editing.clipboard.secretsLeft(names) });
    }
    const fresh = new Set(made);
    set(
      nodesAtom,
      get(nodesAtom).map((n) => ((n.selected ?? false) === fresh.has(n.id) ? n : { ...n, selected: fresh.has(n.id) })),
    );
    set(recordAtom, { label, ops: [{ do: "remove", ids: made }] }, projectId);
    set(notifyAtom, { kind: "success", text: fa.editing.clipboard.pasted(made.length) });
    return made;
  },
);

/** Copies nodes `ids` with the edges between them; answers whether anything was copied. */
export const copyAtom = atom(null, async (get, set, ids: string[]): Promise<boolean> => {
  const fragment = fragmentOf(get(nodesAtom), get(edgesAtom), ids);
  if (!fragment) {
    set(notifyAtom, { kind: "error", text: fa.editing.clipboard.nothingSelected });
    return false;
  }
  await writeClipboard(JSON.stringify(fragment));
  set(notifyAtom, { kind: "success", text: fa.editing.clipboard.copied(fragment.nodes.length, fragment.edges.length) });
  return true;
});

/** Pastes what was copied (here or in another tab or project) with its top-left corner at `at`. */
export const pasteAtom = atom(null, async (_get, set, at: Position): Promise<string[]> => {
  const read = readFragment(await readClipboard());
  if (!read.ok) {
    set(notifyAtom, { kind: "error", text: read.message });
    return [];
  }
  return set(pasteFragmentAtom, read.transfer, at, fa.editing.steps.paste(read.transfer.nodes.length));
});

/** Copies nodes `ids` beside themselves, leaving the clipboard as it was. */
export const duplicateAtom = atom(null, async (get, set, ids: string[]): Promise<string[]> => {
  const fragment = fragmentOf(get(nodesAtom), get(edgesAtom), ids);
  if (!fragment) {
    set(notifyAtom, { kind: "error", text: fa.editing.clipboard.nothingSelected });
    return [];
  }
  const corner = cornerOf(fragment);
  const at = { x: corner.x + DUPLICATE_OFFSET, y: corner.y + DUPLICATE_OFFSET };
  return set(pasteFragmentAtom, fragment, at, fa.editing.steps.duplicate(fragment.nodes.length));
});
