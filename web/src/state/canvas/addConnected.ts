// Adding a node from a connection dropped on empty canvas: the node is added
// (addNode: plan limits, the one-at-a-time lock, a free spot) at the drop
// point, then joined to the card the drag began at (connect: the rules
// first, then the server).
import type { NodeKind, Position } from "@dastyar/rules";
import { atom } from "jotai";
import { placeAtDrop, proposalFor, type DragEnd } from "../../canvas/edges/connectOptions";
import { addNodeAtom } from "./addNode";
import { nodesAtom } from "./atoms";
import { connectAtom } from "./connect";
import { findNode } from "./graph";

export type AddConnected = { from: string; end: DragEnd; kind: NodeKind; at: Position };

/** How long to wait for an assistant's creation job before connecting anyway (the rules then say why not). */
const READY_WAIT_MS = 60_000;
const READY_POLL_MS = 250;

/** Adds a `kind` node at `at` joined to `from`; answers the new edge's id, or null (refusals are notified). */
export const addConnectedAtom = atom(null, async (get, set, { from, end, kind, at }: AddConnected): Promise<string | null> => {
  const id = await set(addNodeAtom, { kind, position: placeAtDrop(at, end) });
  if (!id) return null;
  // An assistant is finished by a background job; the rules refuse some edges to one still pending.
  const until = Date.now() + READY_WAIT_MS;
  while (findNode(get(nodesAtom), id)?.data.creationStatus === "pending" && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  if (!findNode(get(nodesAtom), id) || !findNode(get(nodesAtom), from)) return null;
  return set(connectAtom, proposalFor(from, id, end));
});
