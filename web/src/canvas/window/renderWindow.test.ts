import { describe, expect, it } from "vitest";
import { contains, stillServes, windowAround } from "./renderWindow";
import { viewArea } from "./viewArea";

describe("the render window", () => {
  const view = { x: 0, y: 0, width: 1000, height: 600 };

  it("works out the flow area on screen from React Flow's transform", () => {
    expect(viewArea([-200, 100, 0.5], 1000, 600)).toEqual({ x: 400, y: -200, width: 2000, height: 1200 });
  });

  it("renders the view and one screen around it", () => {
    const window = windowAround(view);
    expect(window.area).toEqual({ x: -1000, y: -600, width: 3000, height: 1800 });
    expect(window.inner).toEqual({ x: -500, y: -300, width: 2000, height: 1200 });
    expect(contains(window.area, window.inner)).toBe(true);
  });

  it("stays while the view pans less than half a screen any way", () => {
    expect(stillServes(view, view)).toBe(true);
    expect(stillServes(view, { ...view, x: 499 })).toBe(true);
    expect(stillServes(view, { ...view, x: -500, y: 300 })).toBe(true);
    expect(stillServes(view, { ...view, y: -299 })).toBe(true);
  });

  it("is made again once the view leaves its inner part", () => {
    expect(stillServes(view, { ...view, x: 501 })).toBe(false);
    expect(stillServes(view, { ...view, y: -301 })).toBe(false);
    // Zoomed out: the view grows past the inner part.
    expect(stillServes(view, { x: -600, y: -400, width: 2200, height: 1400 })).toBe(false);
  });

  it("is made again, smaller, once a zoom in leaves the view under half of the one it was made for", () => {
    expect(stillServes(view, { x: 250, y: 150, width: 500, height: 300 })).toBe(true);
    expect(stillServes(view, { x: 300, y: 200, width: 400, height: 240 })).toBe(false);
  });
});
