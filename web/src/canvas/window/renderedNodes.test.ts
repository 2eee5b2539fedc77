import { describe, expect, it } from "vitest";
import { flowNode } from "../../state/canvas/testFixtures";
import { KEPT_OUTSIDE_MAX, draggedNodes, renderedNodes, sameMembers } from "./renderedNodes";
import { windowAround } from "./renderWindow";

describe("the nodes the DOM view renders", () => {
  const area = windowAround({ x: 0, y: 0, width: 1000, height: 600 }).area; // -1000..2000 × -600..1200
  const onScreen = flowNode("function-1", {}, { position: { x: 100, y: 100 } });
  const inMargin = flowNode("function-2", {}, { position: { x: 1900, y: 1100 } });
  const justOutside = flowNode("function-3", {}, { position: { x: 2001, y: 0 } });
  const overTheEdge = flowNode("function-4", {}, { position: { x: -1200, y: 0 } }); // 250 wide: reaches -950
  const far = flowNode("function-5", {}, { position: { x: 50_000, y: 0 } });

  it("renders the nodes whose box meets the window, and no other", () => {
    expect(renderedNodes([onScreen, inMargin, justOutside, overTheEdge, far], area)).toEqual(
      new Set(["function-1", "function-2", "function-4"]),
    );
  });

  it("keeps a selected or dragged node rendered wherever it is", () => {
    const selected = { ...far, selected: true };
    const dragged = { ...justOutside, dragging: true };
    expect(renderedNodes([selected, dragged, onScreen], area)).toEqual(new Set(["function-5", "function-3", "function-1"]));
  });

  it("keeps the selected nodes outside the window only while they are few: a selection of thousands mounts only its cards in the window", () => {
    const selectedFar = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...flowNode(`function-${100 + i}`, {}, { position: { x: 50_000 + 300 * i, y: 0 } }), selected: true }));
    const few = renderedNodes([...selectedFar(KEPT_OUTSIDE_MAX), { ...onScreen, selected: true }], area);
    expect(few.size).toBe(KEPT_OUTSIDE_MAX + 1);
    const many = renderedNodes([...selectedFar(KEPT_OUTSIDE_MAX + 1), { ...onScreen, selected: true }], area);
    expect(many).toEqual(new Set(["function-1"]));
  });

  it("places a container's child by its container, and counts a container's card above its box", () => {
    const box = flowNode("container-6", { width: 600, height: 300 }, { position: { x: 3000, y: 0 } });
    const child = flowNode("filedb-7", {}, { position: { x: -2900, y: 50 }, parentId: "container-6" }); // at x 100
    const below = flowNode("container-8", { width: 600, height: 300 }, { position: { x: 0, y: 1240 } }); // card reaches up to 1184
    expect(renderedNodes([box, child, below], area)).toEqual(new Set(["filedb-7", "container-8"]));
  });

  it("tells the nodes being dragged, with the children of a dragged container", () => {
    expect(draggedNodes([onScreen, { ...far, dragging: true }, { ...inMargin, dragging: false }])).toEqual(new Set(["function-5"]));
    const box = { ...flowNode("container-6", { width: 600, height: 300 }), dragging: true };
    const child = flowNode("filedb-7", {}, { position: { x: 10, y: 50 }, parentId: "container-6" });
    expect(draggedNodes([child, box, onScreen])).toEqual(new Set(["container-6", "filedb-7"]));
  });

  it("tells sets of the same members", () => {
    expect(sameMembers(new Set(["a", "b"]), new Set(["b", "a"]))).toBe(true);
    expect(sameMembers(new Set(["a", "b"]), new Set(["a", "c"]))).toBe(false);
    expect(sameMembers(new Set(["a"]), new Set(["a", "b"]))).toBe(false);
  });
});
