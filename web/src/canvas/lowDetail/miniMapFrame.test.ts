import { describe, expect, it } from "vitest";
import { miniMapFrame } from "./miniMapFrame";

const SIZE = { width: 200, height: 150 };
const at = (f: { x: number; y: number; scale: number }, x: number, y: number) => ({ x: (x - f.x) / f.scale, y: (y - f.y) / f.scale });

describe("the low-detail minimap's frame", () => {
  it("fits the graph and the view together, centred, inside a margin", () => {
    const frame = miniMapFrame({ x: 0, y: 0, width: 13000, height: 5000 }, { x: 1000, y: 1000, width: 2000, height: 1000 }, SIZE);
    const topLeft = at(frame, 0, 0);
    const bottomRight = at(frame, 13000, 5000);
    expect(topLeft.x).toBeCloseTo(5);
    expect(bottomRight.x).toBeCloseTo(195);
    // Wider than tall: centred vertically.
    expect(topLeft.y + bottomRight.y).toBeCloseTo(150);
  });

  it("takes in a view that reaches past the graph", () => {
    const frame = miniMapFrame({ x: 0, y: 0, width: 1000, height: 1000 }, { x: -3000, y: 0, width: 2000, height: 1000 }, SIZE);
    expect(at(frame, -3000, 0).x).toBeGreaterThanOrEqual(5 - 1e-9);
    expect(at(frame, 1000, 0).x).toBeLessThanOrEqual(195 + 1e-9);
  });
});
