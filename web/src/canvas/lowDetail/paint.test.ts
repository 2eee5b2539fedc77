import { describe, expect, it } from "vitest";
import { flowNode, savedEdge } from "../../state/canvas/testFixtures";
import { CONTAINER_HEAD, drawList } from "./drawList";
import { areaAround, mix, wholeScene } from "./paint";

describe("painting the low-detail layer", () => {
  it("mixes a kind's accent over the card surface", () => {
    expect(mix("#ffffff", "#000000", 0.5)).toBe("#808080");
    expect(mix("#60a5fa", "#1f2937", 1)).toBe("#60a5fa");
  });

  it("keeps the whole scene in one bitmap, container cards and curves included, while it is small", () => {
    const list = drawList(
      [
        flowNode("container-1", { width: 600, height: 300 }, { position: { x: 0, y: 0 } }),
        flowNode("assistant-2", {}, { position: { x: 1000, y: 500 } }),
        flowNode("vectorstore-3", {}, { position: { x: 0, y: 500 } }),
      ],
      [savedEdge("vector_store", "vectorstore-3", "assistant-2", 1)],
    );
    const scene = wholeScene(list, 0.1, 1)!;
    expect(scene.y).toBeLessThan(-CONTAINER_HEAD.inset - CONTAINER_HEAD.height);
    // The edge runs backwards (source left of its target's input): its curve bulges left of the source.
    expect(scene.x).toBeLessThan(0);
    expect(scene.width).toBeLessThan(200);
    expect(wholeScene(list, 10, 1), "too large a bitmap: drawn per frame instead").toBeNull();
    expect(wholeScene({ nodes: [], edges: [] }, 0.1, 1)).toBeNull();
  });

  it("draws the DOM view's edges over the view and half a screen around it, less when that bitmap would be too large", () => {
    const view = { x: 0, y: 0, width: 1000, height: 600 };
    expect(areaAround(view, 1, 1)).toEqual({ x: -500, y: -300, width: 2000, height: 1200 });
    const big = areaAround(view, 1, 3);
    expect(big.width).toBeGreaterThanOrEqual(1000);
    expect(big.width * big.height * 9).toBeLessThanOrEqual(8_000_000 + 1);
    expect(areaAround({ ...view, width: 4000, height: 3000 }, 1, 1)).toEqual({ x: 0, y: 0, width: 4000, height: 3000 });
  });
});
