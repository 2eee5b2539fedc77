import { constants } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { flowNode } from "../../state/canvas/testFixtures";
import { FIT_VIEW } from "../layout/fitView";
import { FULL_DETAIL_ZOOM, LOW_DETAIL_ZOOM, boundsOf, fittedView, lowDetailAt, sizeOf } from "./detailLevel";

const { nodeWidth, nodeHeight } = constants();
const FIT = { minZoom: 0.05, ...FIT_VIEW };

describe("the detail threshold", () => {
  it("enters low detail below LOW_DETAIL_ZOOM and leaves it only at FULL_DETAIL_ZOOM", () => {
    expect(LOW_DETAIL_ZOOM).toBeLessThan(FULL_DETAIL_ZOOM);
    expect(lowDetailAt(1, false)).toBe(false);
    expect(lowDetailAt(LOW_DETAIL_ZOOM, false)).toBe(false);
    expect(lowDetailAt(LOW_DETAIL_ZOOM - 0.01, false)).toBe(true);
    // Between the two, the view stays as it is: a zoom resting there does not swap views.
    const between = (LOW_DETAIL_ZOOM + FULL_DETAIL_ZOOM) / 2;
    expect(lowDetailAt(between, true)).toBe(true);
    expect(lowDetailAt(between, false)).toBe(false);
    expect(lowDetailAt(FULL_DETAIL_ZOOM, true)).toBe(false);
  });

  it("sizes a card as measured, else as a nominal card; a container as stored", () => {
    const card = flowNode("assistant-1");
    expect(sizeOf(card)).toEqual({ width: nodeWidth, height: nodeHeight });
    expect(sizeOf({ ...card, measured: { width: 250, height: 212 } })).toEqual({ width: 250, height: 212 });
    expect(sizeOf(flowNode("container-2", { width: 600, height: 300 }))).toEqual({ width: 600, height: 300 });
  });

  it("bounds the graph with children placed inside their container", () => {
    const nodes = [
      flowNode("container-1", { width: 600, height: 300 }, { position: { x: 1000, y: 1000 } }),
      flowNode("filedb-2", {}, { position: { x: 30, y: 70 }, parentId: "container-1" }),
      flowNode("assistant-3", {}, { position: { x: -100, y: 0 } }),
    ];
    expect(boundsOf(nodes)).toEqual({ x: -100, y: 0, width: 1700, height: 1300 });
    expect(boundsOf([])).toBeNull();
  });

  it("opens a large graph below the threshold and a small one at most at zoom 1", () => {
    const grid = Array.from({ length: 1000 }, (_, i) =>
      flowNode(`function-${i + 1}`, {}, { position: { x: (i % 40) * 330, y: Math.floor(i / 40) * 230 } }),
    );
    expect(lowDetailAt(fittedView(grid, 1600, 900, FIT).zoom, false)).toBe(true);
    const few = [flowNode("assistant-1"), flowNode("function-2", {}, { position: { x: 400, y: 0 } })];
    expect(fittedView(few, 1600, 900, FIT).zoom).toBe(1);
    expect(lowDetailAt(fittedView(few, 1600, 900, FIT).zoom, false)).toBe(false);
  });
});
