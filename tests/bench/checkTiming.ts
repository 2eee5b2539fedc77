// The connection check in Node: `checkConnection` from @dastyar/rules (the same
// wasm build the page runs) on the graph the canvas hands it, and on only the
// part of it the rules read.

import { checkConnection, type CanvasNode, type Graph } from "@dastyar/rules";
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
 * same wasm build; and the same check on only the part of the graph the rules
 * read (the two ends, their edges, the nodes at the other end of those and a
 * container end's children), for the hub assistant and for an ordinary node.
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
  const around = (proposal: { source: string; target: string }): Graph => {
    const ends = new Set([proposal.source, proposal.target]);
    const touching = flowEdges.filter((e) => ends.has(e.source) || ends.has(e.target));
    const near = new Set([...ends, ...touching.flatMap((e) => [e.source, e.target])]);
    return {
      nodes: flowNodes.filter((n) => near.has(n.id) || (n.parentId !== undefined && ends.has(n.parentId))) as unknown as CanvasNode[],
      edges: touching.map((e) => ({ id: e.id, source: e.source, target: e.target })),
    };
  };
  const run = (graph: () => Graph, proposal: { source: string; target: string }, times: number) => {
    for (let i = 0; i < Math.min(20, times); i++) checkConnection(graph(), proposal); // warm up
    const samples: number[] = [];
    let answer = "";
    for (let i = 0; i < times; i++) {
      const start = performance.now();
      const check = checkConnection(graph(), proposal);
      samples.push(performance.now() - start);
      answer = check.ok ? `allowed (${check.edgeKind})` : `refused (${check.code})`;
    }
    samples.sort((a, b) => a - b);
    return { median: quantile(samples, 0.5), p95: quantile(samples, 0.95), answer };
  };

  const hub = { source: seeded.probe.fn, target: seeded.probe.assistant };
  // Scheduler 1 is joined to request 1; request 2 is free of it.
  const plain = { source: `scheduler-${seeded.ids.scheduler[0]}`, target: `request-${seeded.ids.request[1]}` };
  const hubGraph = around(hub);
  const plainGraph = around(plain);
  return {
    whole: run(graphOf, hub, 200),
    hubPart: { ...run(() => hubGraph, hub, 200), nodes: hubGraph.nodes.length },
    plainPart: {
      ...run(() => plainGraph, plain, 2000),
      nodes: plainGraph.nodes.length,
      proposal: `${plain.source} → ${plain.target}`,
    },
  };
}
