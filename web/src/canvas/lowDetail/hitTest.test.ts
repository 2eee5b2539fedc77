import { describe, expect, it } from "vitest";
import type { DrawnEdge, DrawnNode } from "./drawList";
import { edgeAt, nodesInside } from "./hitTest";

const edge = (id: string, from: { x: number; y: number }, to: { x: number; y: number }): DrawnEdge => ({
  id,
  from,
  to,
  colour: "#e2e8f0",
  dashed: false,
});

describe("the edge drawn on the layer under a point", () => {
  // Sources leave on their left, targets are entered on their right (paint.ts draws these curves).
  const level = edge("level", { x: 2000, y: 500 }, { x: 0, y: 500 });
  const slanted = edge("slanted", { x: 2000, y: 0 }, { x: 0, y: 1000 });

  it("finds an edge along its curve, not off it", () => {
    expect(edgeAt([level], { x: 1000, y: 504 }, 6)).toBe("level");
    expect(edgeAt([level], { x: 1000, y: 520 }, 6)).toBeNull();
    expect(edgeAt([level], { x: 3000, y: 500 }, 6), "beyond its ends").toBeNull();
  });

  it("follows the curve, not the straight line between its ends", () => {
    // The middle of a symmetric curve is the middle of its ends; a quarter along, it is not on the chord.
    expect(edgeAt([slanted], { x: 1000, y: 500 }, 6)).toBe("slanted");
    expect(edgeAt([slanted], { x: 1500, y: 250 }, 6)).toBeNull();
  });

  it("answers the nearest of two", () => {
    const near = edge("near", { x: 2000, y: 510 }, { x: 0, y: 510 });
    expect(edgeAt([level, near], { x: 1000, y: 508 }, 6)).toBe("near");
    expect(edgeAt([level, near], { x: 1000, y: 502 }, 6)).toBe("level");
  });
});

describe("the nodes a selection box holds", () => {
  const box = (id: string, x: number, y: number, width = 250, height = 150): DrawnNode => ({
    id,
    kind: "function",
    x,
    y,
    width,
    height,
    container: false,
    selected: false,
    status: "success",
    label: id,
  });

  it("holds the nodes wholly inside it, not those it only cuts", () => {
    const nodes = [box("in", 100, 100), box("cut", 400, 100), box("out", 1000, 1000), box("edge", 0, 0, 550, 250)];
    expect(nodesInside(nodes, { x: 0, y: 0, width: 550, height: 250 })).toEqual(new Set(["in", "edge"]));
    expect(nodesInside(nodes, { x: 0, y: 0, width: 10, height: 10 })).toEqual(new Set());
  });
});
