// The connection check in Node: `checkConnection` from @dastyar/rules (the same
// wasm build the page runs) on the whole graph, and `checkConnectionAround` on
// only the part of it the rules read, as the page hands it.

import { checkConnectionAround, type CanvasNode, type Graph, type Neighbourhood } from "@dastyar/rules";
// The whole graph's check parses WordPress addresses: it is in the URL module.
import { checkConnection } from "@dastyar/rules/urls";
import { quantile } from "./figures.js";
import type { Seeded } from "./seed.js";

export type CheckTiming = {
  whole: { median: number; p95: number; answer: string };
  hubPart: { median: number; nodes: number; answer: string };
  plainPart: { median: number; nodes: number; answer: string; proposal: string };
};

/**
 * `checkConnection` on the graph the canvas hands it (every node with its
 * data, every edge: web/src/canvas/model.ts graphOf), timed in Node's V8 on the
 * same wasm build; and checkConnectionAround on only the part of the graph the
 * rules read, as the page hands it (the two ends whole, their edges, by id and
 * kind the nodes at those edges' other ends and the containers' children), for
 * the hub assistant and for an ordinary node.
 */
export function timeCheckConnection(
  seeded: Seeded,
  nodes: CanvasNode[],
  edges: { id: string; source: string; target: string }[],
): CheckTiming {
  // As React Flow holds them: `measured` (and more) beside the canvas fields.
  const flowNodes = nodes.map((n) => ({ ...n, measured: { width: 250, height: 150 }, selected: false }));
  const flowEdges = edges.map((e) => ({ ...e, data: {} }));
  const graphOf = (): Graph => ({
    nodes: flowNodes as unknown as CanvasNode[],
    edges: flowEdges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
  });
  // What the page hands the rules (web/src/state/canvas/neighbourhood.ts cuts
  // the same way): the ends whole, the edges touching them, and by id and kind
  // the nodes at their other ends and the children of containers among those.
  const around = ({ source, target }: { source: string; target: string }): Neighbourhood => {
    const isEnd = (id: string) => id === source || id === target;
    const touching = flowEdges.filter((e) => isEnd(e.source) || isEnd(e.target));
    const near = new Set([source, target, ...touching.flatMap((e) => [e.source, e.target])]);
    const containers = new Set(flowNodes.filter((n) => n.type === "container" && near.has(n.id)).map((n) => n.id));
    const taken = flowNodes.filter((n) => near.has(n.id) || (n.parentId != null && containers.has(n.parentId)));
    return {
      ends: taken.filter((n) => isEnd(n.id)) as unknown as CanvasNode[],
      near: taken.filter((n) => !isEnd(n.id)).map((n) => ({ id: n.id, type: n.type, parentId: n.parentId ?? undefined })),
      edges: touching.map((e) => ({ id: e.id, source: e.source, target: e.target })),
    };
  };
  const run = (check: () => ReturnType<typeof checkConnection>, times: number) => {
    for (let i = 0; i < Math.min(20, times); i++) check(); // warm up
    const samples: number[] = [];
    let answer = "";
    for (let i = 0; i < times; i++) {
      const start = performance.now();
      const result = check();
      samples.push(performance.now() - start);
      answer = result.ok ? `allowed (${result.edgeKind})` : `refused (${result.code})`;
    }
    samples.sort((a, b) => a - b);
    return { median: quantile(samples, 0.5), p95: quantile(samples, 0.95), answer };
  };

  const hub = { source: seeded.probe.fn, target: seeded.probe.assistant };
  // Scheduler 1 is joined to request 1; request 2 is free of it.
  const plain = { source: `scheduler-${seeded.ids.scheduler[0]}`, target: `request-${seeded.ids.request[1]}` };
  const hubPart = around(hub);
  const plainPart = around(plain);
  const count = (part: Neighbourhood) => part.ends.length + part.near.length;
  return {
    whole: run(() => checkConnection(graphOf(), hub), 200),
    hubPart: { ...run(() => checkConnectionAround(hubPart, hub, undefined), 200), nodes: count(hubPart) },
    plainPart: {
      ...run(() => checkConnectionAround(plainPart, plain, undefined), 2000),
      nodes: count(plainPart),
      proposal: `${plain.source} → ${plain.target}`,
    },
  };
}
