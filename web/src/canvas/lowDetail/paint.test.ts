import { describe, expect, it } from "vitest";
import { flowNode, savedEdge } from "../../state/canvas/testFixtures";
import { CONTAINER_HEAD, drawList } from "./drawList";
import { areaAround, mix, paint, wholeScene } from "./paint";

/** A 2D context that records what is drawn on it. */
function recording() {
  const calls: unknown[][] = [];
  const state: Record<string | symbol, unknown> = {};
  const ctx = new Proxy(state, {
    get: (_, key) => (key in state ? state[key] : (...args: unknown[]) => void calls.push([key, ...args])),
    set: (_, key, value) => {
      state[key] = value;
      calls.push([`${String(key)}=`, value]);
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

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

  it("draws the DOM view's edges with React Flow's arrowhead at the target's input, and none in low detail", () => {
    const list = drawList(
      [flowNode("assistant-2", {}, { position: { x: 0, y: 0 } }), flowNode("vectorstore-3", {}, { position: { x: 600, y: 0 } })],
      [savedEdge("vector_store", "vectorstore-3", "assistant-2", 1)],
    );
    const to = list.edges[0]!.to;
    const size = { width: 1000, height: 600, dpr: 1 };
    const full = recording();
    expect(paint(full.ctx, list, { x: 0, y: 0, zoom: 1 }, size, { cards: false, focused: null })).toEqual({ nodes: 0, edges: 1 });
    const tip = full.calls.findIndex((c) => c[0] === "moveTo" && c[1] === to.x && c[2] === to.y);
    expect(tip, "the arrowhead starts at the edge's end").toBeGreaterThan(-1);
    expect(full.calls.slice(tip + 1, tip + 4)).toEqual([
      ["lineTo", to.x + 9, to.y - 7.2],
      ["lineTo", to.x + 9, to.y + 7.2],
      ["closePath"],
    ]);
    const filled = full.calls.slice(0, full.calls.findIndex((c, i) => i > tip && c[0] === "fill"));
    expect([...filled].reverse().find((c) => c[0] === "fillStyle=")?.[1], "in the edge's colour").toBe(list.edges[0]!.colour);

    const low = recording();
    paint(low.ctx, list, { x: 0, y: 0, zoom: 0.1 }, size, { cards: true, focused: null });
    expect(low.calls.some((c) => c[0] === "lineTo")).toBe(false);
  });
});
