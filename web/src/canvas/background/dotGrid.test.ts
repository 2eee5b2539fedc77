import { describe, expect, it } from "vitest";
import { gridShift } from "./dotGrid";

describe("gridShift", () => {
  // A dot's screen x is shift + step / 2 + k·step; the flow point n·gap is at t + n·step.
  const onFlowGrid = (t: number, step: number) => {
    const dot = gridShift(t, step) + step / 2;
    const n = (dot - t) / step;
    return Math.abs(n - Math.round(n)) < 1e-9;
  };

  it("puts the dots on the flow's multiples of the gap, for any pan and zoom", () => {
    for (const step of [22, 11, 33.5, 2.2]) {
      for (const t of [0, 1, -1, 10.5, -10.5, 22, -22, 1234.25, -98765.5]) {
        expect(onFlowGrid(t, step), `t=${t} step=${step}`).toBe(true);
      }
    }
  });

  it("never shifts by a whole tile or more, so the layer a tile wider each side covers the pane", () => {
    for (const t of [-1000, -33, -11, -0.001, 0, 0.001, 11, 33, 1000]) {
      const shift = gridShift(t, 22);
      expect(shift).toBeGreaterThanOrEqual(-22);
      expect(shift).toBeLessThan(0);
    }
  });

  it("moves the layer with the view within a tile", () => {
    expect(gridShift(16, 22) - gridShift(15, 22)).toBeCloseTo(1);
  });
});
