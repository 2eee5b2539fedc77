// Every node's name as people read it (its label, or its kind's name), kept
// as one value that changes only when a name does: edges' screen-reader
// labels read it, and a drag (which changes positions, not names) leaves it
// alone, so the edges are not relabelled at every frame.
import type { NodeKind } from "@dastyar/rules";
import { selectAtom } from "jotai/utils";
import { kindInfoOf } from "../../canvas/kinds";
import type { FlowNode } from "../../canvas/model";
import { nodesAtom } from "./atoms";

/** A node's name as people read it. */
export function nameOf(node: FlowNode): string {
  return node.data.label?.trim() || kindInfoOf(node.type as NodeKind).label;
}

function sameNames(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, name] of a) if (b.get(id) !== name) return false;
  return true;
}

export const nodeNamesAtom = selectAtom(
  nodesAtom,
  (nodes): ReadonlyMap<string, string> => new Map(nodes.map((n) => [n.id, nameOf(n)])),
  sameNames,
);
