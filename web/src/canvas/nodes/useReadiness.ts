// A node's readiness on the canvas (readiness.ts), following its edges only
// for the kinds whose readiness depends on them: with a thousand cards, an
// edge drawn re-reads nothing for the others.
import type { NodeKind } from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo } from "react";
import { edgesAtom } from "../../state/canvas";
import { kindOfId, type AnyNodeData, type FlowEdge } from "../model";
import { LINKED_KINDS, readinessOf, type Readiness } from "./readiness";

/** The kinds node `id` is joined to, sorted and joined by spaces (a string, so equal answers are equal). */
export function linkedKinds(edges: FlowEdge[], id: string): string {
  const kinds = new Set<string>();
  for (const e of edges) {
    const other = e.source === id ? e.target : e.target === id ? e.source : null;
    if (other === null) continue;
    const kind = kindOfId(other);
    if (kind) kinds.add(kind);
  }
  return [...kinds].sort().join(" ");
}

export function useReadiness(id: string, kind: NodeKind, data: AnyNodeData): Readiness {
  const linkedAtom = useMemo(
    () => selectAtom(edgesAtom, (edges) => (LINKED_KINDS.has(kind) ? linkedKinds(edges, id) : "")),
    [id, kind],
  );
  const linked = useAtomValue(linkedAtom);
  return useMemo(
    () => readinessOf(kind, data, new Set(linked ? (linked.split(" ") as NodeKind[]) : [])),
    [kind, data, linked],
  );
}
