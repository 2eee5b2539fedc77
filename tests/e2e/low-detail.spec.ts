// The low-detail layer (issue #17): zoomed out below the detail threshold the
// graph is drawn on one <canvas> instead of cards; a node is still selected
// by a click (the panel opens) or a selection box, dragged with the mouse
// (into a container, saved, one undo step) or a finger, and reached from
// the keyboard; containers, kinds and edge statuses are drawn; zooming in
// brings the cards back with the selection kept.
import { createEdgeVia, createNodeVia, projectEdges, storedNode } from "./canvas-api.ts";
import { boxSelect, connect, dragMouse, node, openCanvas, signedInWithProject, viewportOf } from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";

type Point = { x: number; y: number };

function layer(page: Page) {
  return page.getByTestId("low-detail-layer");
}

/** Clicks a zoom button of the Controls until the layer shows `detail`. */
async function zoomUntil(page: Page, button: "zoomin" | "zoomout", detail: "low" | "full"): Promise<void> {
  for (let i = 0; i < 12; i++) {
    if ((await layer(page).getAttribute("data-detail")) === detail) return;
    await page.locator(`.react-flow__controls-${button}`).click();
  }
  await expect(layer(page)).toHaveAttribute("data-detail", detail);
}

/** Where flow point `p` is: on the page, and on the layer's canvas (device pixels = CSS pixels here). */
async function place(page: Page, p: Point): Promise<{ canvas: Point; screen: Point }> {
  const view = await viewportOf(page);
  const flow = await page.locator(".react-flow").first().boundingBox();
  const box = await layer(page).boundingBox();
  if (!flow || !box) throw new Error("e2e: the flow or the low-detail layer has no box");
  const screen = { x: flow.x + view.x + p.x * view.zoom, y: flow.y + view.y + p.y * view.zoom };
  // The layer covers the pane, or holds the whole scene and moves with the view.
  return { screen, canvas: { x: screen.x - box.x, y: screen.y - box.y } };
}

/** How many pixels of the layer between flow points `a` and `b` are of colour `hex` (any opacity above a trace). */
async function pixelsOf(page: Page, a: Point, b: Point, hex: string): Promise<number> {
  const from = (await place(page, a)).canvas;
  const to = (await place(page, b)).canvas;
  return layer(page).evaluate(
    (canvas, { from, to, hex }) => {
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const x = Math.floor(Math.min(from.x, to.x));
      const y = Math.floor(Math.min(from.y, to.y));
      const w = Math.max(1, Math.ceil(Math.abs(to.x - from.x)));
      const h = Math.max(1, Math.ceil(Math.abs(to.y - from.y)));
      const data = (canvas as HTMLCanvasElement).getContext("2d")!.getImageData(x, y, w, h).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const close = want.every((c, k) => Math.abs(data[i + k]! - c) <= 6);
        if (close && data[i + 3]! > 40) count++;
      }
      return count;
    },
    { from, to, hex },
  );
}

test("zoomed out, the graph is drawn on the low-detail layer: kinds, containers and edge colours; zooming in brings the cards back", async ({
  page,
}) => {
  const { token, projectId } = await signedInWithProject(page, "نمای دور");
  const box = await createNodeVia(token, projectId, "container", "ظرف", { x: 0, y: 0 }, { width: 600, height: 300 });
  const child = await createNodeVia(token, projectId, "filedb", "درون ظرف", { x: 30, y: 70 }, { container_id: box.database_id });
  const helper = await createNodeVia(token, projectId, "assistant", "پشتیبان", { x: 0, y: 500 });
  const store = await createNodeVia(token, projectId, "vectorstore", "اسناد", { x: 600, y: 500 });
  const lookup = await createNodeVia(token, projectId, "function", "lookup", { x: 600, y: 800 }, {
    description: "یک رکورد را پیدا می‌کند",
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  });
  await createEdgeVia(token, projectId, store, helper);
  expect(await projectEdges(token, projectId)).toHaveLength(1);

  await openCanvas(page, projectId);
  await expect(node(page, helper.id)).toBeVisible();
  await expect(layer(page)).toHaveAttribute("data-detail", "full");
  // A connection the server fails to store stays on the canvas, marked failed.
  await page.route("**/api/edges", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "خطا" } }) })
      : route.fallback(),
  );
  await connect(page, lookup.id, helper.id);
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  await page.unroute("**/api/edges");

  await zoomUntil(page, "zoomout", "low");
  // No cards in the DOM: every node and edge is on the layer.
  await expect(page.locator(".react-flow__node")).toHaveCount(0);
  await expect(page.locator(".react-flow__edge")).toHaveCount(0);
  await expect(layer(page)).toHaveAttribute("data-drawn-nodes", "5");
  await expect(layer(page)).toHaveAttribute("data-drawn-edges", "2");

  // The vector-store edge in its kind's colour, the failed one in the danger colour (edges/edgeLook.ts).
  expect(await pixelsOf(page, { x: 260, y: 560 }, { x: 590, y: 590 }, "#34d399"), "vector store edge").toBeGreaterThan(5);
  expect(await pixelsOf(page, { x: 260, y: 580 }, { x: 590, y: 870 }, "#f87171"), "failed edge").toBeGreaterThan(5);
  // The container's dashed outline along its left side, and its child drawn inside it in the file database's accent.
  expect(await pixelsOf(page, { x: -6, y: 20 }, { x: 6, y: 280 }, "#94a3b8"), "container outline").toBeGreaterThan(5);
  expect(await pixelsOf(page, { x: 40, y: 60 }, { x: 270, y: 80 }, "#2dd4bf"), "child's accent inside").toBeGreaterThan(5);

  // The minimap still shows the nodes (React Flow's draws none it holds hidden).
  const minimap = page.getByTestId("all-nodes-minimap").locator("canvas");
  await expect(minimap).toBeVisible();
  const drawnOnMinimap = await minimap.evaluate((canvas) => {
    const { data } = (canvas as HTMLCanvasElement).getContext("2d")!.getImageData(0, 0, 200, 150);
    let assistant = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] === 0x60 && data[i + 1] === 0xa5 && data[i + 2] === 0xfa) assistant++;
    return assistant;
  });
  expect(drawnOnMinimap, "the assistant in its accent on the minimap").toBeGreaterThan(0);

  await zoomUntil(page, "zoomin", "full");
  await expect(node(page, child.id)).toBeVisible();
  // The same minimap in the DOM view (React Flow's would leave out the cards outside the render window).
  await expect(minimap).toBeVisible();
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
});

test("in low detail a click selects a node and opens its panel, a drag into a container is saved and undone in one step, and the selection survives zooming in", async ({
  page,
}) => {
  const { token, projectId } = await signedInWithProject(page, "کشیدن در نمای دور");
  const box = await createNodeVia(token, projectId, "container", "ظرف", { x: 0, y: 0 }, { width: 600, height: 300 });
  const helper = await createNodeVia(token, projectId, "assistant", "پشتیبان", { x: 0, y: 500 });
  const repo = await createNodeVia(token, projectId, "filerepository", "مخزن", { x: 700, y: 0 });
  await openCanvas(page, projectId);
  await expect(node(page, helper.id)).toBeVisible();
  await zoomUntil(page, "zoomout", "low");

  // A click on the assistant's box: selected, its panel open.
  await page.mouse.click(...xy((await place(page, { x: 125, y: 575 })).screen));
  await expect(page.getByTestId("settings-panel")).toHaveAttribute("data-kind", "assistant");
  const entry = (id: string) => page.getByTestId("low-detail-list").locator(`button[data-id="${id}"]`);
  await expect(entry(helper.id)).toHaveAttribute("aria-pressed", "true");

  // The repository dragged into the container: saved inside it, where it was dropped.
  const from = (await place(page, { x: 825, y: 75 })).screen;
  const to = (await place(page, { x: 300, y: 150 })).screen;
  await dragMouse(page, from, to);
  await expect.poll(async () => (await storedNode(token, projectId, repo.id))?.parentId).toBe(box.id);
  await expect(entry(repo.id), "the dragged node is the selection").toHaveAttribute("aria-pressed", "true");
  await expect(entry(helper.id)).toHaveAttribute("aria-pressed", "false");

  // One undo step puts it back out, where it was.
  await page.keyboard.press("Control+z");
  await expect.poll(async () => (await storedNode(token, projectId, repo.id))?.parentId ?? null).toBe(null);
  const back = await storedNode(token, projectId, repo.id);
  expect(back?.position).toEqual({ x: 700, y: 0 });

  // From the keyboard: the assistant's entry, Enter: selected, its panel open.
  await entry(helper.id).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("settings-panel")).toHaveAttribute("data-kind", "assistant");
  await expect(entry(helper.id)).toHaveAttribute("aria-pressed", "true");

  // Zooming in: the cards are back, the same node selected, the panel still open.
  await zoomUntil(page, "zoomin", "full");
  await expect(node(page, helper.id)).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("settings-panel")).toHaveAttribute("data-kind", "assistant");
});

test("in low detail a selection box (Shift and drag) selects the boxes wholly inside it", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "انتخاب با کادر");
  const first = await createNodeVia(token, projectId, "instruction", "دستور یک", { x: 0, y: 0 }, { content: "کوتاه پاسخ بده." });
  const second = await createNodeVia(token, projectId, "instruction", "دستور دو", { x: 400, y: 0 }, { content: "کوتاه پاسخ بده." });
  const far = await createNodeVia(token, projectId, "instruction", "دستور دور", { x: 2000, y: 0 }, { content: "کوتاه پاسخ بده." });
  await openCanvas(page, projectId);
  await expect(node(page, first.id)).toBeVisible();
  await zoomUntil(page, "zoomout", "low");

  const from = (await place(page, { x: -60, y: -60 })).screen;
  const to = (await place(page, { x: 720, y: 220 })).screen;
  await boxSelect(page, from, to);

  const entry = (id: string) => page.getByTestId("low-detail-list").locator(`button[data-id="${id}"]`);
  await expect(entry(first.id)).toHaveAttribute("aria-pressed", "true");
  await expect(entry(second.id)).toHaveAttribute("aria-pressed", "true");
  await expect(entry(far.id)).toHaveAttribute("aria-pressed", "false");

  // Zooming in: the same cards selected.
  await zoomUntil(page, "zoomin", "full");
  await expect(node(page, first.id)).toHaveAttribute("data-selected", "true");
  await expect(node(page, second.id)).toHaveAttribute("data-selected", "true");
});

test("in low detail a finger drags a box as the mouse does, and on bare canvas it still pans the view", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "لمس در نمای دور");
  const moved = await createNodeVia(token, projectId, "instruction", "دستور لمسی", { x: 0, y: 0 }, { content: "کوتاه پاسخ بده." });
  await createNodeVia(token, projectId, "instruction", "دستور دیگر", { x: 900, y: 600 }, { content: "کوتاه پاسخ بده." });
  // A touch screen from the start: React Flow's pan and pinch take touch events only where the page has one.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
  await openCanvas(page, projectId);
  await expect(node(page, moved.id)).toBeVisible();
  await zoomUntil(page, "zoomout", "low");
  const swipe = async (from: Point, dx: number, dy: number) => {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
    for (let i = 1; i <= 10; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from.x + (dx * i) / 10, y: from.y + (dy * i) / 10 }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  };

  // A finger on the box: the node moves by the finger's way over the zoom, the view stays.
  const before = await viewportOf(page);
  await swipe((await place(page, { x: 125, y: 75 })).screen, 60, 40);
  await expect.poll(async () => (await storedNode(token, projectId, moved.id))?.position.x).toBeGreaterThan(0);
  const after = (await storedNode(token, projectId, moved.id))!.position;
  expect(Math.abs(after.x - 60 / before.zoom), `x ${after.x}`).toBeLessThan(2 / before.zoom);
  expect(Math.abs(after.y - 40 / before.zoom), `y ${after.y}`).toBeLessThan(2 / before.zoom);
  expect(await viewportOf(page)).toEqual(before);

  // A finger on bare canvas pans the view.
  const pane = await page.getByTestId("flow-pane").boundingBox();
  if (!pane) throw new Error("e2e: no pane box");
  await swipe({ x: pane.x + pane.width / 2, y: pane.y + 30 }, 50, 30);
  await expect.poll(async () => (await viewportOf(page)).x).toBeCloseTo(before.x + 50, 0);
});

function xy(p: Point): [number, number] {
  return [p.x, p.y];
}
