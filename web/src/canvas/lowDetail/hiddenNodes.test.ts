import { Position } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import { flowNode } from "../../state/canvas/testFixtures";
import { CONTAINER_HEAD } from "./drawList";
import { hiddenNode } from "./hiddenNodes";

describe("nodes held hidden from the DOM view", () => {
  it("are hidden with their drawn size, one copy per node", () => {
    const node = { ...flowNode("function-1", {}, { position: { x: 10, y: 20 } }), selected: true };
    const hidden = hiddenNode(node);
    expect(hidden).toMatchObject({ id: "function-1", hidden: true, selected: true, position: { x: 10, y: 20 }, initialWidth: 250, initialHeight: 150 });
    expect(hiddenNode(node)).toBe(hidden);
  });

  it("have their handles where the card has them while never measured, so React Flow can end an edge there", () => {
    const hidden = hiddenNode(flowNode("function-2", {}, { position: { x: 0, y: 0 } }));
    expect(hidden.handles).toEqual([
      { id: null, type: "source", position: Position.Left, x: -6, y: 69, width: 12, height: 12 },
      { id: null, type: "target", position: Position.Right, x: 244, y: 69, width: 12, height: 12 },
    ]);
    const box = hiddenNode(flowNode("container-3", { width: 600, height: 300 }, { position: { x: 0, y: 0 } }));
    const head = { x: 600 - CONTAINER_HEAD.inset - CONTAINER_HEAD.width, y: -CONTAINER_HEAD.inset - CONTAINER_HEAD.height };
    expect(box.handles?.[0]).toMatchObject({ x: head.x - 6, y: head.y + CONTAINER_HEAD.height / 2 - 6 });
  });

  it("keep the handles React Flow measured once they were", () => {
    const measured = { ...flowNode("function-4", {}, { position: { x: 0, y: 0 } }), measured: { width: 250, height: 170 } };
    expect(hiddenNode(measured).handles).toBeUndefined();
  });
});
