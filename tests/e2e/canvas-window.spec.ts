// The DOM view's render window (issue #17): at zoom 1 over a large project
// only the cards in and around the view are in the DOM; a pan within the
// window's margin mounts and unmounts nothing, a longer pan brings the cards
// coming on screen; an edge between two nodes far off screen is still drawn
// (on the canvas layer, in its kind's colour) and opens its menu on a right
// click. React Flow draws only the edges between rendered cards: one from a
// card on screen to a node far away is on the layer too, with its arrowhead,
// is selected by a click (and then is React Flow's), and follows the card
// on a canvas of its own while the card is dragged. The dot grid follows a
// pan by shifting its layer, not by drawing its pattern again.
import type { NodeView } from "@dastyar/api/NodeView";
import { createEdgeVia, createNodeVia, storedNode } from "./canvas-api.ts";
import { boxSelect, fa, node, openCanvas, signedInWithProject, viewportOf } from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";

type Point = { x: number; y: number };

/** The grid of instructions: COLUMNS × ROWS cards, CELL apart. */
const COLUMNS = 30;
const ROWS = 2;
const CELL = { x: 400, y: 300 };
/** Where the view is centred at zoom 1: the middle of the grid, between two rows of cards. */
const MIDDLE = { x: 5800, y: 460 };
/** The long edge runs level at this height (the middle of its ends' cards) across the whole grid. */
const LONG_Y = 700;
const INSTRUCTION_COLOUR = "#e2e8f0";

const layer = (page: Page) => page.getByTestId("low-detail-layer");

/** The screen point of flow point `p`. */
async function onScreen(page: Page, p: Point): Promise<Point> {
  const view = await viewportOf(page);
  const flow = await page.getByTestId("flow-pane").locator(".react-flow").first().boundingBox();
  if (!flow) throw new Error("e2e: no flow box");
  return { x: flow.x + view.x + p.x * view.zoom, y: flow.y + view.y + p.y * view.zoom };
}

/** The point at `t` on React Flow's bezier from an output at `from` to an input at `to` (curvature 0.25). */
function bezierPoint(from: Point, to: Point, t: number): Point {
  const distance = from.x - to.x;
  const offset = distance >= 0 ? 0.5 * distance : 0.25 * 25 * Math.sqrt(-distance);
  const [c1, c2] = [{ x: from.x - offset, y: from.y }, { x: to.x + offset, y: to.y }];
  const u = 1 - t;
  const at = (a: number, b: number, c: number, d: number) => u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d;
  return { x: at(from.x, c1.x, c2.x, to.x), y: at(from.y, c1.y, c2.y, to.y) };
}

/** Zooms with the wheel around flow point `at` until the zoom is 1 (React Flow zooms by 2^(-deltaY × 0.002)). */
async function zoomToOne(page: Page, at: Point): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const { zoom } = await viewportOf(page);
    if (Math.abs(Math.log2(zoom)) < 0.01) return;
    const pointer = await onScreen(page, at);
    await page.mouse.move(pointer.x, pointer.y);
    await page.mouse.wheel(0, Math.max(-400, Math.min(400, Math.log2(zoom) / 0.002)));
    await page.waitForTimeout(80);
  }
  expect(Math.abs(Math.log2((await viewportOf(page)).zoom))).toBeLessThan(0.01);
}

/**
 * Pans by (dx, dy) screen pixels from the pane's middle, with the middle button: React Flow pans with it
 * over cards and edges alike.
 */
async function pan(page: Page, dx: number, dy: number): Promise<void> {
  const pane = await page.getByTestId("flow-pane").boundingBox();
  if (!pane) throw new Error("e2e: no pane box");
  const start = { x: pane.x + pane.width / 2, y: pane.y + pane.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down({ button: "middle" });
  await page.mouse.move(start.x + dx, start.y + dy, { steps: 12 });
  await page.mouse.up({ button: "middle" });
}

/** Pixels of colour `hex` on the layer along the level line at flow height `y`, over the screen points from `x1` to `x2`. */
async function pixelsAlong(page: Page, y: number, x1: number, x2: number, hex: string): Promise<number> {
  const box = await layer(page).boundingBox();
  if (!box) throw new Error("e2e: the layer has no box");
  const from = await onScreen(page, { x: 0, y });
  return layer(page).evaluate(
    (canvas, { x, y, width, hex }) => {
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const data = (canvas as HTMLCanvasElement).getContext("2d")!.getImageData(x, y - 4, width, 9).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (want.every((c, k) => Math.abs(data[i + k]! - c) <= 6) && data[i + 3]! > 40) count++;
      }
      return count;
    },
    { x: Math.round(x1 - box.x), y: Math.round(from.y - box.y), width: Math.round(x2 - x1), hex },
  );
}

test("at zoom 1 only the cards around the view are in the DOM, a pan brings those coming on screen, and a long edge far off screen is still drawn", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token, projectId } = await signedInWithProject(page, "پروژهٔ بزرگ");
  const grid: NodeView[][] = [];
  for (let column = 0; column < COLUMNS; column++) {
    grid.push(
      await Promise.all(
        Array.from({ length: ROWS }, (_, row) =>
          createNodeVia(token, projectId, "instruction", `دستور ${column}-${row}`, { x: column * CELL.x, y: row * CELL.y }, {
            content: "کوتاه پاسخ بده.",
          }),
        ),
      ),
    );
  }
  // Two nodes far to either side, joined by an edge level at LONG_Y that crosses the whole grid
  // (from the assistant's output on its left to the instruction's input on its right).
  const east = await createNodeVia(token, projectId, "assistant", "دستیار شرقی", { x: COLUMNS * CELL.x + 4000, y: LONG_Y - 75 }, {
    instructions: "کوتاه پاسخ بده.",
  });
  const west = await createNodeVia(token, projectId, "instruction", "دستور غربی", { x: -4000, y: LONG_Y - 75 }, {
    content: "کوتاه پاسخ بده.",
  });
  const long = await createEdgeVia(token, projectId, east, west);
  // The far assistant joined to a card in the middle of the grid, and an assistant on screen to its neighbour.
  const middle = grid[14]![1]!;
  const reaching = await createEdgeVia(token, projectId, east, middle);
  const near = await createNodeVia(token, projectId, "assistant", "دستیار نزدیک", { x: 5900, y: 152 }, {
    instructions: "کوتاه پاسخ بده.",
  });
  const short = await createEdgeVia(token, projectId, near, grid[14]![0]!);

  await openCanvas(page, projectId);
  await expect(layer(page)).toHaveAttribute("data-detail", "low");
  await zoomToOne(page, MIDDLE);
  await expect(layer(page)).toHaveAttribute("data-detail", "full");

  // On screen: the middle of the grid. Far away: not in the DOM at all.
  await expect(node(page, middle.id)).toBeVisible();
  await expect(node(page, grid[15]![0]!.id)).toBeVisible();
  for (const far of [grid[0]![0]!, grid[COLUMNS - 1]![1]!, west, east]) await expect(node(page, far.id)).toHaveCount(0);
  const inDom = await page.locator(".react-flow__node").count();
  expect(inDom, "the view and a screen around it, not the project").toBeLessThan(COLUMNS * ROWS / 2);
  expect(inDom).toBeGreaterThan(8);

  // The edge between two cards on screen: React Flow's, with a path.
  await expect(page.locator(`.react-flow__edge[data-id="${short.id}"] path.react-flow__edge-path`)).toHaveAttribute("d", /\d/);
  // The long edge between the two far nodes and the one from the far assistant to the card on screen:
  // not in the DOM, drawn on the layer.
  await expect(page.locator(`.react-flow__edge[data-id="${long.id}"]`)).toHaveCount(0);
  const reachingInDom = page.locator(`.react-flow__edge[data-id="${reaching.id}"]`);
  await expect(reachingInDom).toHaveCount(0);
  await expect(layer(page)).toHaveAttribute("data-drawn-edges", "2");
  const pane = await page.getByTestId("flow-pane").boundingBox();
  if (!pane) throw new Error("e2e: no pane box");
  const across = () => pixelsAlong(page, LONG_Y, pane.x + 20, pane.x + pane.width - 20, INSTRUCTION_COLOUR);
  await expect.poll(across, { message: "the long edge's line on screen" }).toBeGreaterThan(pane.width / 2);

  // A right click on it there opens its menu, as on an edge in the DOM.
  const onLine = await onScreen(page, { x: 0, y: LONG_Y });
  await page.mouse.click(pane.x + pane.width / 2, onLine.y, { button: "right" });
  const menu = page.getByRole("menu", { name: fa.canvas.edgeMenu });
  await expect(menu.getByRole("menuitem", { name: fa.canvas.deleteEdge })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);

  // The reaching edge on the layer: its arrowhead at the middle card's input, in its kind's colour.
  const input = { x: middle.position.x + 250 + 6, y: middle.position.y + 75 };
  const colour = await layer(page).evaluate(
    (canvas, at) => {
      const box = canvas.getBoundingClientRect();
      return [...(canvas as HTMLCanvasElement).getContext("2d")!.getImageData(Math.round(at.x - box.x), Math.round(at.y - box.y), 1, 1).data];
    },
    await onScreen(page, { x: input.x + 6, y: input.y }),
  );
  expect(colour.slice(0, 3), "inside the arrowhead, just past its tip").toEqual([0xe2, 0xe8, 0xf0]);
  // A click on its line selects it: then React Flow draws it, selected; a click on bare canvas lets it go.
  const onReaching = bezierPoint(
    { x: east.position.x - 6, y: east.position.y + 75 },
    input,
    0.97,
  );
  const click = await onScreen(page, onReaching);
  await page.mouse.click(click.x, click.y);
  await expect(reachingInDom).toHaveClass(/selected/);
  await expect(layer(page)).toHaveAttribute("data-drawn-edges", "1");
  await page.mouse.click(pane.x + 30, pane.y + 30);
  await expect(reachingInDom).toHaveCount(0);
  await expect(layer(page)).toHaveAttribute("data-drawn-edges", "2");

  // Dragging the middle card: the reaching edge follows on a canvas of its own, and is back on the layer after.
  const card = await node(page, middle.id).boundingBox();
  if (!card) throw new Error("e2e: no card box");
  await page.mouse.move(card.x + card.width / 2, card.y + 20);
  await page.mouse.down();
  await page.mouse.move(card.x + card.width / 2 + 40, card.y + 60, { steps: 8 });
  await expect(page.getByTestId("moving-edges")).toHaveAttribute("data-drawn-edges", "1");
  await expect(layer(page)).toHaveAttribute("data-drawn-edges", "1");
  await page.mouse.up();
  await expect(page.getByTestId("moving-edges")).toHaveCount(0);
  await expect(layer(page)).toHaveAttribute("data-drawn-edges", "2");

  // A short pan (within the window's margin) mounts and unmounts no card.
  await page.evaluate(() => {
    const nodes = document.querySelector(".react-flow__nodes")!;
    const seen = { changes: 0 };
    new MutationObserver((records) => {
      for (const r of records) seen.changes += r.addedNodes.length + r.removedNodes.length;
    }).observe(nodes, { childList: true });
    (window as unknown as { __windowChanges: typeof seen }).__windowChanges = seen;
  });
  // The dot grid's pattern, marked: a pan shifts its layer and leaves the pattern as it was.
  const pattern = page.getByTestId("dot-grid").locator("pattern");
  await pattern.evaluate((p) => ((p as unknown as { __kept: boolean }).__kept = true));
  const patternBefore = await pattern.evaluate((p) => p.outerHTML);
  const before = await viewportOf(page);
  await pan(page, -300, 60);
  await page.waitForTimeout(300);
  const after = await viewportOf(page);
  expect(after.x, "the view moved").toBeLessThan(before.x - 200);
  expect(await page.evaluate(() => (window as unknown as { __windowChanges: { changes: number } }).__windowChanges.changes)).toBe(0);
  expect(await pattern.evaluate((p) => (p as unknown as { __kept?: boolean }).__kept), "the same pattern element").toBe(true);
  expect(await pattern.evaluate((p) => p.outerHTML), "the pattern not drawn again").toBe(patternBefore);
  // Its dots still sit on the flow's grid: the first dot's screen x, less the view's, is a whole number of tiles.
  const shift = await page.getByTestId("dot-grid").locator("svg").evaluate((svg) => new DOMMatrix(getComputedStyle(svg).transform));
  const step = Number(await pattern.getAttribute("width"));
  for (const [dot, origin] of [
    [shift.e + step / 2, after.x],
    [shift.f + step / 2, after.y],
  ] as const) {
    const tiles = (dot - origin) / step;
    expect(Math.abs(tiles - Math.round(tiles)), `dot at ${dot}, view at ${origin}`).toBeLessThan(0.01);
  }
  expect(shift.e).toBeGreaterThanOrEqual(-step);
  expect(shift.e).toBeLessThan(0);

  // A long pan east, a screen and more: the cards coming on screen are rendered, those left far behind are not.
  for (let i = 0; i < 3; i++) await pan(page, -700, 0);
  const eastwards = grid[21]![0]!; // x 8400, on screen now (the view's middle is near 8300)
  await expect(node(page, eastwards.id)).toBeVisible();
  await expect(node(page, grid[5]![0]!.id), "left a few screens behind").toHaveCount(0);
  // The long edge is still drawn across the new view.
  await expect.poll(across, { message: "the long edge's line after the pan" }).toBeGreaterThan(pane.width / 2);
});

test("a selection of the whole project (a box drawn zoomed out) mounts only its cards around the view at zoom 1, and a drag moves every selected node", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token, projectId } = await signedInWithProject(page, "انتخاب همه");
  const grid: NodeView[] = [];
  for (let column = 0; column < COLUMNS; column++) {
    grid.push(
      ...(await Promise.all(
        Array.from({ length: ROWS }, (_, row) =>
          createNodeVia(token, projectId, "instruction", `دستور ${column}-${row}`, { x: column * CELL.x, y: row * CELL.y }, {
            content: "کوتاه پاسخ بده.",
          }),
        ),
      )),
    );
  }
  await openCanvas(page, projectId);
  await expect(layer(page)).toHaveAttribute("data-detail", "low");

  // Zoomed out, a box over the whole grid selects all 60 nodes.
  const from = await onScreen(page, { x: -100, y: -100 });
  const to = await onScreen(page, { x: COLUMNS * CELL.x + 100, y: ROWS * CELL.y + 100 });
  await boxSelect(page, from, to);
  await expect(page.getByTestId("low-detail-list").locator('button[aria-pressed="true"]')).toHaveCount(grid.length);

  // At zoom 1 only the cards around the view are mounted, selected.
  await zoomToOne(page, MIDDLE);
  const middle = grid[14 * ROWS + 1]!;
  await expect(node(page, middle.id)).toHaveAttribute("data-selected", "true");
  const mounted = await page.locator(".react-flow__node").count();
  expect(mounted, "not the whole selection").toBeLessThan(grid.length / 2);

  // Dragging one card moves the whole selection, the cards far off screen too, and saves them.
  const card = await node(page, middle.id).boundingBox();
  if (!card) throw new Error("e2e: no card box");
  await page.mouse.move(card.x + card.width / 2, card.y + 20);
  await page.mouse.down();
  await page.mouse.move(card.x + card.width / 2 + 100, card.y + 20, { steps: 8 });
  await page.mouse.up();
  const movedBy = async (n: NodeView) => ((await storedNode(token, projectId, n.id))?.position.x ?? n.position.x) - n.position.x;
  await expect.poll(() => movedBy(middle), { message: "the dragged card" }).toBeGreaterThan(50);
  const delta = await movedBy(middle);
  for (const far of [grid[0]!, grid.at(-1)!]) {
    await expect.poll(async () => Math.abs((await movedBy(far)) - delta), { message: far.id }).toBeLessThan(0.01);
  }
  expect(await page.locator(".react-flow__node").count()).toBeLessThan(grid.length / 2);
});
