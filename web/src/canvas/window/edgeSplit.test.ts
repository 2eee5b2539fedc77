import { describe, expect, it } from "vitest";
import { savedEdge } from "../../state/canvas/testFixtures";
import { splitEdges } from "./edgeSplit";

describe("where an edge is drawn in the DOM view", () => {
  const both = savedEdge("instruction", "instruction-1", "assistant-2", 1);
  const one = savedEdge("instruction", "instruction-3", "assistant-2", 2);
  const other = savedEdge("instruction", "instruction-1", "assistant-4", 3);
  const neither = savedEdge("instruction", "instruction-3", "assistant-4", 4);
  const rendered = new Set(["instruction-1", "assistant-2"]);

  it("gives React Flow the edges with both ends rendered, and the layer the others", () => {
    const split = splitEdges([both, one, other, neither], rendered, new Set());
    expect(split.dom).toEqual([both]);
    expect(split.layer).toEqual([one, other, neither]);
    expect(split.moving).toEqual([]);
  });

  it("gives React Flow a selected edge wherever its ends are", () => {
    const chosen = { ...neither, selected: true };
    expect(splitEdges([both, chosen], rendered, new Set()).dom).toEqual([both, chosen]);
  });

  it("draws the layer's edges with an end being dragged apart, and leaves React Flow's where they were", () => {
    const split = splitEdges([both, one, other, neither], rendered, new Set(["assistant-2"]));
    expect(split.dom).toEqual([both]);
    expect(split.moving).toEqual([one]);
    expect(split.layer).toEqual([other, neither]);
  });
});
