import { describe, expect, it } from "vitest";
import { flowNode } from "../../state/canvas/testFixtures";
import type { FlowNode } from "../model";
import { CONTAINER_TITLE_BAND, footprintOf, overlaps } from "./footprint";
import { makeRoom } from "./makeRoom";

function container(id: string, x: number, y: number, width = 400, height = 300): FlowNode {
  return { ...flowNode(id, { width, height }, { position: { x, y } }), width, height };
}

const moved = (nodes: FlowNode[], moves: Map<string, { x: number; y: number }>) =>
  nodes.map((n) => (moves.has(n.id) ? { ...n, position: moves.get(n.id)! } : n));

describe("room for a new container", () => {
  it("moves a card off the container's title strip", () => {
    const box = container("container-9", 0, 0);
    const onTitle = flowNode("sms-1", {}, { position: { x: 20, y: -CONTAINER_TITLE_BAND } });
    const moves = makeRoom([box, onTitle], "container-9");
    expect([...moves.keys()]).toEqual(["sms-1"]);
    const after = moved([box, onTitle], moves);
    expect(overlaps(footprintOf(after[1]!), footprintOf(after[0]!))).toBe(false);
  });

  it("moves a card left inside the box that was not grouped into it, but never a child", () => {
    const box = container("container-9", 0, 0);
    const child = flowNode("instruction-2", {}, { parentId: "container-9", position: { x: 50, y: 50 } });
    const stray = flowNode("function-3", {}, { position: { x: 100, y: 100 } });
    const moves = makeRoom([box, child, stray], "container-9");
    expect([...moves.keys()]).toEqual(["function-3"]);
  });

  it("leaves everything where it is when nothing is in the way", () => {
    const box = container("container-9", 0, 0);
    const far = flowNode("sms-1", {}, { position: { x: 900, y: 0 } });
    expect(makeRoom([box, far], "container-9").size).toBe(0);
  });

  it("puts several in-the-way cards where none covers another", () => {
    const box = container("container-9", 0, 0);
    const strays = [1, 2, 3].map((i) => flowNode(`sms-${i}`, {}, { position: { x: 10 * i, y: 10 * i } }));
    const after = moved([box, ...strays], makeRoom([box, ...strays], "container-9"));
    for (let i = 0; i < after.length; i++) {
      for (let j = i + 1; j < after.length; j++) expect(overlaps(footprintOf(after[i]!), footprintOf(after[j]!))).toBe(false);
    }
  });
});
