// Bringing nodes back (an undone delete, a redone add) and making copies (a
// paste): each node is created as an add creates one (plan limits first, the
// node pending under a temporary id, then the server), its edges drawn as a
// connection is drawn (the rules, then the server), and a container's
// children put back into it as a drag puts them. Nodes get new ids; the
// answer maps the old ones to them.
import { checkNodeLimits, message, temporaryId, type NodeKind, type NodePayload } from "@dastyar/rules";
import { atom } from "jotai";
import { getNodeUsage } from "../../api/nodes";
import { kindInfoOf, newNodeData } from "../../canvas/kinds";
import type { FlowNode } from "../../canvas/model";
import { notifyAtom } from "../notifications";
import { edgesAtom, nodesAtom } from "./atoms";
import { connectAtom } from "./connect";
import { createOnServerAtom, pendingNode } from "./create";
import { findNode, withoutNode } from "./graph";
import type { PieceNode, Removed } from "./history";
import { showLimitAtom } from "./limits";
import { placeNodeAtom } from "./move";

/** What a restore did: each old id's new one, and whether everything came back. */
export type Restored = { ids: Map<string, string>; complete: boolean };

/** How long to wait for an assistant's creation job before drawing its edges (the rules then say why not). */
const READY_WAIT_MS = 60_000;
const READY_POLL_MS = 250;

let lastStamp = 0;

/** A time stamp for a temporary id, never the same twice (several nodes are created within a millisecond). */
function stamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

/**
 * Whether nodes of `kinds` all fit the plan, asking the server for usage
 * once. A refusal or a failed check has been shown when this answers false.
 */
export const checkLimitsAtom = atom(null, async (_get, set, kinds: NodeKind[]): Promise<boolean> => {
  const limited = kinds.filter((kind) => kindInfoOf(kind).planLimited);
  if (limited.length === 0) return true;
  try {
    const limit = checkNodeLimits(limited, await getNodeUsage());
    if (limit) set(showLimitAtom, limit);
    return limit === null;
  } catch {
    set(notifyAtom, { kind: "error", text: message("usage_check_failed", {}) });
    return false;
  }
});

/**
 * Creates node `piece` on the canvas and the server, inside container
 * `parentId` when given; answers its canvas id, or null (the failure was
 * shown, and nothing is left behind).
 */
export const createFromPieceAtom = atom(
  null,
  async (get, set, piece: PieceNode, parentId?: string): Promise<string | null> => {
    const id = temporaryId(piece.kind, stamp());
    const fresh = newNodeData(piece.kind);
    fresh.data.label = piece.label;
    const node = pendingNode(id, fresh, piece.position, parentId);
    if (!kindInfoOf(piece.kind).persisted || piece.data === null) {
      // A test frame lives only on this canvas.
      set(nodesAtom, [...get(nodesAtom), { ...node, data: { ...node.data, creationStatus: "success" } } as FlowNode]);
      return id;
    }
    // Parents come before children in React Flow's list.
    set(nodesAtom, piece.kind === "container" ? [node, ...get(nodesAtom)] : [...get(nodesAtom), node]);
    const saved = await set(createOnServerAtom, id, "node_add_failed", createdAs(piece.kind, piece.data, piece.label));
    if (!saved) {
      const left = withoutNode(get(nodesAtom), get(edgesAtom), id);
      set(nodesAtom, left.nodes);
      set(edgesAtom, left.edges);
    }
    return saved;
  },
);

/** Waits while node `id` is being created by a job (an assistant), up to a minute. */
async function settled(get: () => FlowNode[], id: string): Promise<void> {
  const until = Date.now() + READY_WAIT_MS;
  while (findNode(get(), id)?.data.creationStatus === "pending" && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

/**
 * Brings back `removed`: the nodes (containers first), the children their
 * containers held, then the edges. `now` gives the current id of a node
 * outside `removed` (one recreated since it was recorded).
 */
export const restoreAtom = atom(
  null,
  async (get, set, removed: Removed, now: (id: string) => string = (id) => id): Promise<Restored> => {
    const ids = new Map<string, string>();
    if (removed.nodes.length === 0) return { ids, complete: true };
    if (!(await set(checkLimitsAtom, removed.nodes.map((n) => n.kind)))) return { ids, complete: false };
    let complete = true;
    const order = [
      ...removed.nodes.filter((n) => n.kind === "container"),
      ...removed.nodes.filter((n) => n.kind !== "container"),
    ];
    const there = (id: string) => findNode(get(nodesAtom), id) !== undefined;
    for (const piece of order) {
      const parent = piece.parent ? (ids.get(piece.parent) ?? now(piece.parent)) : undefined;
      const created = await set(createFromPieceAtom, piece, parent && there(parent) ? parent : undefined);
      if (created) ids.set(piece.id, created);
      else complete = false;
    }
    for (const member of removed.members) {
      const container = ids.get(member.container);
      if (!container) continue;
      const placed = await set(placeNodeAtom, now(member.id), { position: member.position, parentId: container });
      complete &&= placed;
    }
    for (const edge of removed.edges) {
      const source = ids.get(edge.source) ?? now(edge.source);
      const target = ids.get(edge.target) ?? now(edge.target);
      if (!there(source) || !there(target)) {
        complete = false;
        continue;
      }
      await settled(() => get(nodesAtom), source);
      await settled(() => get(nodesAtom), target);
      const drawn = await set(connectAtom, { source, target }, { record: false });
      complete &&= drawn !== null;
    }
    return { ids, complete };
  },
);

/**
 * What a piece is created with: its payload and its name; a function's
 * name is its tool name (in its payload), its label shown apart.
 */
export function createdAs(kind: NodeKind, payload: NodePayload, label: string): { payload: NodePayload; name: string; label?: string } {
  const tool = (payload as { name?: unknown }).name;
  if (kind === "function" && typeof tool === "string" && tool.trim() && tool !== label) return { payload, name: tool, label };
  return { payload, name: label };
}
