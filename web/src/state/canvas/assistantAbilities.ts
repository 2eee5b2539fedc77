// What an assistant can do, by core's rule (assistantAbilities) over the
// canvas as it is now: the instructions it is given, the tools it may call,
// its knowledge and channels, and the connected nodes left out with why.
import {
  parseCanvasId,
  type Abilities,
  type NodeKind,
  type Skipped,
} from "@dastyar/rules";
import { atom, type Atom } from "jotai";
import { selectAtom } from "jotai/utils";
import { graphOf, isKind, type FlowEdge, type FlowNode } from "../../canvas/model";
import { urlRules } from "../../canvas/urlRules";
import { edgesAtom, nodesAtom } from "./atoms";

type Around = { nodes: FlowNode[]; edges: FlowEdge[] };

/**
 * What the rule reads of an assistant: its edges and the nodes at their
 * other ends, and for each request among them its edges and API definitions
 * (the one its apiDefinitionId names and any joined to it). Kept in canvas
 * order, which is the order the rule takes edges in.
 */
export function aroundAssistant(nodes: FlowNode[], edges: FlowEdge[], assistantId: string): Around {
  const touches = (e: FlowEdge, ids: ReadonlySet<string>) => ids.has(e.source) || ids.has(e.target);
  const self = new Set([assistantId]);
  const neighbours = new Set(edges.filter((e) => touches(e, self)).flatMap((e) => [e.source, e.target]));
  const requests = nodes.filter((n) => neighbours.has(n.id)).filter((n) => isKind(n, "request"));
  const requestIds = new Set(requests.map((n) => n.id));
  const kept = edges.filter((e) => touches(e, self) || touches(e, requestIds));
  const ids = new Set(kept.flatMap((e) => [e.source, e.target]));
  ids.add(assistantId);
  for (const request of requests) {
    const named = request.data.apiDefinitionId;
    if (named != null) ids.add(`apidefinition-${named}`);
  }
  return { nodes: nodes.filter((n) => ids.has(n.id)), edges: kept };
}

/** A skipped node with the name to show: its label, or its kind's when blank. */
export type SkippedNode = Skipped & { name: string; kind: NodeKind | null };

/** Core's answer, each skipped node named. */
export type AbilitiesOnCanvas = Omit<Abilities, "skipped"> & { skipped: SkippedNode[] };

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Assistant `assistantId`'s abilities, worked out again only when its part of
 * the canvas changes. Read in its panel, which shows once the URL rules are here.
 */
export function assistantAbilitiesAtom(assistantId: string): Atom<AbilitiesOnCanvas> {
  const canvas = atom((get) => ({ nodes: get(nodesAtom), edges: get(edgesAtom) }));
  const around = selectAtom(
    canvas,
    ({ nodes, edges }) => aroundAssistant(nodes, edges, assistantId),
    (a, b) => sameItems(a.nodes, b.nodes) && sameItems(a.edges, b.edges),
  );
  return atom((get) => {
    const { nodes, edges } = get(around);
    const abilities = urlRules().assistantAbilities(graphOf(nodes, edges), assistantId);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const skipped = abilities.skipped.map((s) => {
      const node = byId.get(s.node);
      return { ...s, name: node?.data.label ?? "", kind: parseCanvasId(s.node)?.kind ?? null };
    });
    return { ...abilities, skipped };
  });
}
