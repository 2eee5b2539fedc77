import { describe, expect, it } from "vitest";
import { flowNode } from "../../state/canvas/testFixtures";
import { toReveal, unseenOf, viewArea } from "./unseen";

describe("cards never measured in the DOM view", () => {
  const near = flowNode("function-1", {}, { position: { x: 100, y: 100 } });
  const far = flowNode("function-2", {}, { position: { x: 5000, y: 100 } });
  const seen = { ...flowNode("function-3", {}, { position: { x: 9000, y: 100 } }), measured: { width: 250, height: 160 } };

  it("works out the flow area on screen from React Flow's transform", () => {
    expect(viewArea([-200, 100, 0.5], 1000, 600)).toEqual({ x: 400, y: -200, width: 2000, height: 1200 });
  });

  it("reveals those on screen, once; measured ones need nothing", () => {
    const view = viewArea([0, 0, 1], 1000, 600);
    expect(toReveal([near, far, seen], new Set(), view)).toEqual(["function-1"]);
    expect(toReveal([near, far, seen], new Set(["function-1"]), view)).toEqual([]);
    expect(unseenOf([near, far, seen], new Set(["function-1"]))).toEqual(new Set(["function-2"]));
  });
});
