// A container's running subsystems by core's rule (containerStatusInfo) over
// the canvas as it is now. The status_info stored with the container is the
// server's answer when the canvas was read; it goes stale as frames, bots
// and their edges change, so the panel does not show it.
import { containerStatusInfo, type StatusInfo } from "@dastyar/rules";
import { atom, type Atom } from "jotai";
import { selectAtom } from "jotai/utils";
import { graphOf, type FlowEdge, type FlowNode } from "../../canvas/model";
import { edgesAtom, nodesAtom } from "./atoms";

type Around = { nodes: FlowNode[]; edges: FlowEdge[] };

/**
 * What the rule reads of a container: its children, their edges and the
 * nodes at those edges' other ends (a subsystem names its assistant).
 */
export function aroundContainer(nodes: FlowNode[], edges: FlowEdge[], containerId: string): Around {
  const children = nodes.filter((n) => n.parentId === containerId);
  const inside = new Set(children.map((n) => n.id));
  const touching = edges.filter((e) => inside.has(e.source) || inside.has(e.target));
  const others = new Set(touching.flatMap((e) => [e.source, e.target]).filter((id) => !inside.has(id)));
  return { nodes: [...children, ...nodes.filter((n) => others.has(n.id))], edges: touching };
}

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Container `containerId`'s status, worked out again only when its part of the canvas changes. */
export function containerStatusAtom(containerId: string): Atom<StatusInfo> {
  const canvas = atom((get) => ({ nodes: get(nodesAtom), edges: get(edgesAtom) }));
  const around = selectAtom(
    canvas,
    ({ nodes, edges }) => aroundContainer(nodes, edges, containerId),
    (a, b) => sameItems(a.nodes, b.nodes) && sameItems(a.edges, b.edges),
  );
  return atom((get) => {
    const { nodes, edges } = get(around);
    return containerStatusInfo(graphOf(nodes, edges), containerId);
  });
}
