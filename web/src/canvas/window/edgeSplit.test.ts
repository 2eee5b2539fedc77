import { describe, expect, it } from "vitest";
import { savedEdge } from "../../state/canvas/testFixtures";
import { splitEdges } from "./edgeSplit";

describe("where an edge is drawn in the DOM view", () => {
  it("gives React Flow the edges with a rendered end, and the layer those with neither", () => {
    const both = savedEdge("instruction", "instruction-1", "assistant-2", 1);
    const one = savedEdge("instruction", "instruction-3", "assistant-2", 2);
    const other = savedEdge("instruction", "instruction-1", "assistant-4", 3);
    const neither = savedEdge("instruction", "instruction-3", "assistant-4", 4);
    const split = splitEdges([both, one, other, neither], new Set(["instruction-1", "assistant-2"]));
    expect(split.dom).toEqual([both, one, other]);
    expect(split.layer).toEqual([neither]);
  });
});
