import { constants } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { flowNode } from "../../state/canvas/testFixtures";
import type { FlowNode } from "../model";
import { CONTAINER_TITLE_BAND, footprint, overlaps, type Box } from "./footprint";
import { freeSpot, GAP, placeNew, takenOn } from "./freeSpot";

const { nodeWidth, nodeHeight, defaultContainerWidth, defaultContainerHeight } = constants();
const CARD = { width: nodeWidth, height: nodeHeight };

function container(id: string, x: number, y: number, width = 400, height = 300): FlowNode {
  return { ...flowNode(id, { width, height }, { position: { x, y } }), width, height };
}

describe("a free spot", () => {
  it("is the spot asked for when nothing is there", () => {
    expect(freeSpot([], { x: 10, y: 20 }, CARD)).toEqual({ x: 10, y: 20 });
    const far: Box = { x: 2000, y: 2000, width: 250, height: 150 };
    expect(freeSpot([far], { x: 10, y: 20 }, CARD)).toEqual({ x: 10, y: 20 });
  });

  it("never covers a box already there, and keeps the gap", () => {
    const taken: Box[] = [{ x: 0, y: 0, width: 250, height: 150 }];
    const spot = freeSpot(taken, { x: 0, y: 0 }, CARD);
    expect(overlaps(footprint(spot, CARD), taken[0]!, GAP - 1)).toBe(false);
    // The nearest such spot: one card and a gap away, not across the canvas.
    expect(Math.hypot(spot.x, spot.y)).toBeLessThanOrEqual(nodeHeight + GAP + 40);
  });

  it("fills in around the middle, one after another, with no two overlapping", () => {
    const boxes: Box[] = [];
    const at = { x: 500, y: 300 };
    for (let i = 0; i < 30; i++) boxes.push(footprint(freeSpot(boxes, at, CARD), CARD));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!), `${i} and ${j}`).toBe(false);
    }
    // Packed near the middle: 30 cards fit within a few cards of it.
    for (const b of boxes) expect(Math.hypot(b.x - at.x, b.y - at.y)).toBeLessThan(1500);
  });

  it("keeps room above a container for its title", () => {
    // A card just above where the container's box would start hides its title.
    const card: Box = { x: 0, y: -CONTAINER_TITLE_BAND, width: 250, height: 40 };
    const size = { width: 400, height: 300 };
    const plain = freeSpot([card], { x: 0, y: 0 }, size);
    expect(plain).toEqual({ x: 0, y: 0 });
    const titled = freeSpot([card], { x: 0, y: 0 }, size, CONTAINER_TITLE_BAND);
    expect(overlaps(footprint(titled, size, CONTAINER_TITLE_BAND), card)).toBe(false);
  });
});

describe("what is taken on the canvas", () => {
  it("reads children at their absolute places and containers with their title strip", () => {
    const nodes = [container("container-1", 100, 100), flowNode("sms-2", {}, { parentId: "container-1", position: { x: 50, y: 60 } })];
    const [box, child] = takenOn(nodes);
    expect(box).toEqual({ x: 100, y: 100 - CONTAINER_TITLE_BAND, width: 400, height: 300 + CONTAINER_TITLE_BAND });
    expect(child).toEqual({ x: 150, y: 160, width: nodeWidth, height: nodeHeight });
  });

  it("uses the size React Flow measured", () => {
    const tall = { ...flowNode("assistant-1"), measured: { width: 250, height: 260 } };
    expect(takenOn([tall])[0]).toEqual({ x: 0, y: 0, width: 250, height: 260 });
  });
});

describe("placing a new node", () => {
  it("sizes it as the tallest card of its kind already drawn", () => {
    const tall = { ...flowNode("assistant-1"), measured: { width: 250, height: 260 } };
    const spot = placeNew([tall], "assistant", { x: 0, y: 0 });
    expect(overlaps(footprint(spot, { width: 250, height: 260 }), takenOn([tall])[0]!)).toBe(false);
  });

  it("puts a new container where neither its box nor its title covers a card", () => {
    const card = flowNode("instruction-1", {}, { position: { x: 0, y: -100 } });
    const spot = placeNew([card], "container", { x: 0, y: 0 });
    const room = footprint(spot, { width: defaultContainerWidth, height: defaultContainerHeight }, CONTAINER_TITLE_BAND);
    expect(overlaps(room, takenOn([card])[0]!)).toBe(false);
  });

  it("answers whole pixels", () => {
    const spot = placeNew([flowNode("sms-1")], "sms", { x: 0.4, y: 0.6 });
    expect(Number.isInteger(spot.x) && Number.isInteger(spot.y)).toBe(true);
  });
});
