import { absolutePosition, constants } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { flowNode, savedEdge } from "../../state/canvas/testFixtures";
import type { FlowEdge, FlowNode } from "../model";
import { CONTAINER_TITLE_BAND, footprint, overlaps, sizeOf, type Box } from "./footprint";
import { tidyUp, type Tidied } from "./tidyUp";

const { groupPadding } = constants();

function container(id: string, x: number, y: number, width = 400, height = 300): FlowNode {
  return { ...flowNode(id, { width, height }, { position: { x, y } }), width, height };
}

/** Every node after tidying: positions and sizes applied. */
function applied(nodes: FlowNode[], { positions, sizes }: Tidied): FlowNode[] {
  return nodes.map((n) => {
    const size = sizes.get(n.id);
    return { ...n, position: positions.get(n.id) ?? n.position, ...(size && { width: size.width, height: size.height }) };
  });
}

/** Each top-level node's room (a container's with its title) and each child's, absolute. */
function rooms(nodes: FlowNode[]): Map<string, Box> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return new Map(
    nodes.map((n) => {
      const parent = n.parentId ? byId.get(n.parentId) : undefined;
      const at = parent ? absolutePosition(parent.position, n.position) : n.position;
      return [n.id, footprint(at, sizeOf(n), n.type === "container" ? CONTAINER_TITLE_BAND : 0)];
    }),
  );
}

function expectNoOverlaps(nodes: FlowNode[]) {
  const room = rooms(nodes);
  for (const a of nodes) {
    for (const b of nodes) {
      if (a.id >= b.id) continue;
      // A child lies inside its container: that is no overlap.
      if (a.parentId === b.id || b.parentId === a.id) continue;
      expect(overlaps(room.get(a.id)!, room.get(b.id)!), `${a.id} and ${b.id}`).toBe(false);
    }
  }
}

/** A small workflow, everything piled up at the origin. */
function pile(): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const nodes = ["trigger-1", "assistant-2", "vectorstore-3", "filedb-4", "telegram-5", "instruction-6", "sms-7"].map((id) =>
    flowNode(id),
  );
  const edges = [
    savedEdge("trigger", "trigger-1", "assistant-2", 1),
    savedEdge("vector_store", "vectorstore-3", "assistant-2", 2),
    savedEdge("store_source", "filedb-4", "vectorstore-3", 3),
    savedEdge("telegram", "assistant-2", "telegram-5", 4),
    savedEdge("instruction", "assistant-2", "instruction-6", 5),
    savedEdge("sms", "assistant-2", "sms-7", 6),
  ];
  return { nodes, edges };
}

describe("tidy up", () => {
  it("leaves no two cards overlapping", () => {
    const { nodes, edges } = pile();
    expectNoOverlaps(applied(nodes, tidyUp(nodes, edges, null)));
  });

  it("reads right to left: every source stands to the right of what it feeds", () => {
    const { nodes, edges } = pile();
    const { positions } = tidyUp(nodes, edges, null);
    for (const e of edges) {
      const source = positions.get(e.source)!;
      const target = positions.get(e.target)!;
      expect(source.x, `${e.source} -> ${e.target}`).toBeGreaterThanOrEqual(target.x + 250);
    }
    // The file feeds the store, which feeds the assistant: three layers, right to left.
    expect(positions.get("filedb-4")!.x).toBeGreaterThan(positions.get("vectorstore-3")!.x);
    expect(positions.get("vectorstore-3")!.x).toBeGreaterThan(positions.get("assistant-2")!.x);
  });

  it("keeps the graph where it was (its top-left corner) when everything is tidied", () => {
    const { nodes, edges } = pile();
    const moved = nodes.map((n) => ({ ...n, position: { x: n.position.x + 1000, y: n.position.y + 500 } }));
    const after = applied(moved, tidyUp(moved, edges, null));
    expect(Math.min(...after.map((n) => n.position.x))).toBe(1000);
    expect(Math.min(...after.map((n) => n.position.y))).toBe(500);
  });

  it("lays out only the selection, placed where it covers none of the rest", () => {
    const { nodes, edges } = pile();
    // The rest stands spread out; the selection (three nodes) is piled in the middle of it.
    const spread = nodes.map((n, i) => ({ ...n, position: { x: (i % 3) * 300, y: Math.floor(i / 3) * 200 } }));
    const chosen = new Set(["filedb-4", "vectorstore-3", "assistant-2"]);
    const piled = spread.map((n) => (chosen.has(n.id) ? { ...n, position: { x: 300, y: 200 } } : n));
    const tidied = tidyUp(piled, edges, chosen);
    expect([...tidied.positions.keys()].sort()).toEqual([...chosen].sort());
    expectNoOverlaps(applied(piled, tidied));
  });

  it("lays children out inside their container, which grows to hold them", () => {
    const box = container("container-9", 0, 0, 300, 200);
    const children = ["assistant-2", "telegram-5", "iframe-8"].map((id) => flowNode(id, {}, { parentId: "container-9" }));
    const outside = flowNode("vectorstore-3", {}, { position: { x: 0, y: 0 } });
    const nodes = [box, ...children, outside];
    const edges = [
      savedEdge("telegram", "assistant-2", "telegram-5", 1),
      savedEdge("iframe", "assistant-2", "iframe-8", 2),
      savedEdge("vector_store", "vectorstore-3", "assistant-2", 3),
    ];
    const tidied = tidyUp(nodes, edges, null);
    const after = applied(nodes, tidied);
    expect(tidied.sizes.get("container-9")).toBeDefined();
    const grown = after.find((n) => n.id === "container-9")!;
    for (const child of after.filter((n) => n.parentId)) {
      // Still a child, within the box and its padding.
      expect(child.position.x).toBeGreaterThanOrEqual(groupPadding);
      expect(child.position.y).toBeGreaterThanOrEqual(groupPadding);
      expect(child.position.x + 250 + groupPadding).toBeLessThanOrEqual(grown.width!);
      expect(child.position.y + 150 + groupPadding).toBeLessThanOrEqual(grown.height!);
    }
    expectNoOverlaps(after);
    // Inside, the assistant stands right of what it feeds; outside, the store right of the container.
    const at = (id: string) => after.find((n) => n.id === id)!.position;
    expect(at("assistant-2").x).toBeGreaterThan(at("telegram-5").x);
    expect(at("vectorstore-3").x).toBeGreaterThanOrEqual(grown.position.x + grown.width!);
  });

  it("lets nothing sit on a container's title", () => {
    // Unconnected, they share one layer, stacked closer than a title is tall.
    const nodes = [flowNode("instruction-1"), container("container-9", 0, 300), flowNode("sms-2", {}, { position: { x: 0, y: 700 } })];
    expectNoOverlaps(applied(nodes, tidyUp(nodes, [], null)));
  });

  it("answers whole pixels and nothing for an empty canvas", () => {
    const { nodes, edges } = pile();
    for (const p of tidyUp(nodes, edges, null).positions.values()) {
      expect(Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true);
    }
    expect(tidyUp([], [], null).positions.size).toBe(0);
  });
});
