import { describe, expect, it } from "vitest";
import { flowNode, savedEdge, unsavedEdge } from "../../state/canvas/testFixtures";
import { EDGE_COLOURS } from "../edges/edgeLook";
import { CONTAINER_HEAD, drawList, edgeList, endsOf, sameDrawing, sameEnds } from "./drawList";
import { nodeAt } from "./hitTest";

const box = flowNode("container-1", { width: 600, height: 300 }, { position: { x: 1000, y: 0 } });
const child = flowNode("filedb-2", { label: "پرونده‌ها" }, { position: { x: 30, y: 70 }, parentId: "container-1" });
const helper = { ...flowNode("assistant-3", {}, { position: { x: 0, y: 500 } }), selected: true };
const store = { ...flowNode("vectorstore-4", {}, { position: { x: 600, y: 500 } }), measured: { width: 250, height: 200 } };

describe("the low-detail drawing list", () => {
  it("draws containers first, children at their absolute place, with kind, selection and name", () => {
    const list = drawList([child, helper, box, store], []);
    expect(list.nodes.map((n) => n.id)).toEqual(["container-1", "filedb-2", "assistant-3", "vectorstore-4"]);
    expect(list.nodes[1]).toMatchObject({ kind: "filedb", x: 1030, y: 70, width: 250, height: 150, label: "پرونده‌ها" });
    expect(list.nodes[0]).toMatchObject({ container: true, width: 600, height: 300 });
    expect(list.nodes[2]).toMatchObject({ selected: true });
    expect(list.nodes[3]).toMatchObject({ width: 250, height: 200 });
  });

  it("runs an edge from its source's output (left) to its target's input (right), coloured as the DOM view colours it", () => {
    const edges = [savedEdge("vector_store", "vectorstore-4", "assistant-3", 9), unsavedEdge("vector_store", "vectorstore-4", "assistant-3", "error")];
    const list = drawList([helper, store], edges);
    expect(list.edges[0]).toEqual({ id: edges[0]!.id, from: { x: 594, y: 600 }, to: { x: 256, y: 575 }, colour: EDGE_COLOURS.vector_store, dashed: false });
    expect(list.edges[1]).toMatchObject({ colour: "#f87171", dashed: false });
    const pending = drawList([helper, store], [unsavedEdge("vector_store", "vectorstore-4", "assistant-3", "pending")]);
    expect(pending.edges[0]).toMatchObject({ colour: "#9ca3af", dashed: true });
  });

  it("leaves out an edge whose end is not on the canvas", () => {
    expect(drawList([helper], [savedEdge("vector_store", "vectorstore-4", "assistant-3", 9)]).edges).toEqual([]);
  });

  it("ends a container's edges at its card on its top edge", () => {
    const analyzer = flowNode("analyzer-5", {}, { position: { x: 0, y: 0 } });
    const list = drawList([box, analyzer], [savedEdge("analyzer", "container-1", "analyzer-5", 3)]);
    const head = { x: 1000 + 600 - CONTAINER_HEAD.inset - CONTAINER_HEAD.width, y: -CONTAINER_HEAD.inset - CONTAINER_HEAD.height };
    expect(list.edges[0]?.from).toEqual({ x: head.x - 6, y: head.y + CONTAINER_HEAD.height / 2 }); // the handle reaches 6 px out
  });

  it("draws the nodes being dragged where the drag has them, a container's children with it", () => {
    const list = drawList([box, child], [], new Map([["container-1", { x: 2000, y: 100 }]]));
    expect(list.nodes.map((n) => [n.x, n.y])).toEqual([
      [2000, 100],
      [2030, 170],
    ]);
  });
});

describe("hit testing the low-detail layer", () => {
  const list = drawList([box, child, helper, store], []);

  it("finds the node under a point, a child over its container", () => {
    expect(nodeAt(list.nodes, { x: 100, y: 550 })).toBe("assistant-3");
    expect(nodeAt(list.nodes, { x: 1100, y: 100 })).toBe("filedb-2");
    expect(nodeAt(list.nodes, { x: 1500, y: 250 })).toBe("container-1");
    expect(nodeAt(list.nodes, { x: 700, y: 690 }), "a measured card's full height").toBe("vectorstore-4");
  });

  it("finds a container by its card above its top edge, and nothing over bare canvas", () => {
    expect(nodeAt(list.nodes, { x: 1500, y: -30 })).toBe("container-1");
    expect(nodeAt(list.nodes, { x: 400, y: 400 })).toBeNull();
    expect(nodeAt(list.nodes, { x: 1010, y: -30 })).toBeNull();
  });

  it("draws edges alone for the DOM view, the same drawing while their ends stay put", () => {
    const edge = savedEdge("vector_store", "vectorstore-4", "assistant-3", 9);
    const list = edgeList([child, helper, box, store], [edge]);
    expect(list.nodes).toEqual([]);
    expect(list.edges).toEqual(drawList([helper, store], [edge]).edges);
    // A card elsewhere moved: the same drawing. An end moved: another.
    expect(sameDrawing(list, edgeList([{ ...child, position: { x: 90, y: 90 } }, helper, box, store], [edge]))).toBe(true);
    expect(sameDrawing(list, edgeList([child, { ...helper, position: { x: 5, y: 500 } }, box, store], [edge]))).toBe(false);
    expect(sameDrawing(list, edgeList([child, helper, box, store], []))).toBe(false);
  });

  it("tells when the nodes an edge list reads are the very same objects", () => {
    const edge = savedEdge("vector_store", "vectorstore-4", "assistant-3", 9);
    const all = [child, helper, box, store];
    const ends = endsOf(all, [edge]);
    expect([...ends.keys()].sort()).toEqual(["assistant-3", "container-1", "vectorstore-4"]);
    expect(sameEnds(ends, [{ ...child, position: { x: 1, y: 1 } }, helper, box, store]), "another node moved").toBe(true);
    expect(sameEnds(ends, [child, { ...helper }, box, store]), "an end changed").toBe(false);
    expect(sameEnds(ends, [child, box, store]), "an end is gone").toBe(false);
    expect(sameEnds(ends, [...all, flowNode("container-9", { width: 10, height: 10 })]), "a new container").toBe(false);
  });
});
