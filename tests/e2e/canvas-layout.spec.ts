// Placement, tidy up, readable edges and the palette (issue #16, items 5
// and 6): nodes added at one view centre never cover one another; tidy up
// leaves no card on another, reads right to left and survives a reload; a
// container grown by tidying its children moves a neighbour out of its way; a
// connection dropped on empty canvas adds a chosen kind there, connected
// and saved; the palette's search finds a kind typed with Arabic ي and ك.
import { constants, type NodeKind } from "@dastyar/rules";
import { createEdgeVia, createNodeVia, projectEdges, projectNodes } from "./canvas-api.ts";
import {
  dragMouse,
  drawnAt,
  fa,
  flowNode,
  nodesOfKind,
  openCanvas,
  reloadCanvas,
  screenBox,
  snapshot,
  viewportOf,
  watchRequests,
  signedInWithProject,
} from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";

type Box = { x: number; y: number; width: number; height: number };

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Every card on screen (a container's own card included) by its node id. */
async function cardBoxes(page: Page): Promise<Map<string, Box>> {
  const cards = page.getByTestId("flow-pane").locator("article[data-kind]");
  const boxes = new Map<string, Box>();
  for (const card of await cards.all()) {
    const id = (await card.getAttribute("data-testid"))!.slice("node-".length);
    boxes.set(id, await screenBox(card));
  }
  return boxes;
}

/** The pairs of cards that overlap on screen (none, when the canvas is tidy). */
async function overlapping(page: Page): Promise<string[]> {
  const boxes = [...(await cardBoxes(page))];
  const pairs: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (overlap(boxes[i]![1], boxes[j]![1])) pairs.push(`${boxes[i]![0]} / ${boxes[j]![0]}`);
    }
  }
  return pairs;
}

/** Waits until `count` nodes are on the canvas, every one saved (no temporary id). */
async function expectSavedNodes(page: Page, count: number): Promise<void> {
  const nodes = page.getByTestId("flow-pane").locator(".react-flow__node");
  await expect(nodes).toHaveCount(count);
  await expect(page.getByTestId("flow-pane").locator('.react-flow__node[data-id*="-temp-"]')).toHaveCount(0);
}

test("nodes added one after another at the same view centre never cover one another", async ({ page }) => {
  const { projectId } = await signedInWithProject(page, "جای خالی");
  await openCanvas(page, projectId);
  const view = await viewportOf(page);
  const palette = page.getByRole("navigation", { name: fa.canvas.palette });

  const kinds: NodeKind[] = ["instruction", "instruction", "sms", "function", "wordpress", "request", "scheduler", "instruction", "container", "trigger"];
  for (const [i, kind] of kinds.entries()) {
    await palette.locator(`button[data-kind="${kind}"]`).click();
    await expectSavedNodes(page, i + 1);
  }
  // The view never moved: every node was asked for at the same centre.
  const now = await viewportOf(page);
  expect(now.zoom).toBe(view.zoom);
  expect(Math.abs(now.x - view.x) + Math.abs(now.y - view.y)).toBeLessThan(2);
  await snapshot(page, "canvas-layout-added");
  expect(await overlapping(page)).toEqual([]);

  // A container's title sits above its box: no card covers the box or the title.
  const container = page.getByTestId("flow-pane").locator(".react-flow__node-container");
  const box = await screenBox(container);
  for (const [id, card] of await cardBoxes(page)) {
    if (id.startsWith("container-")) continue;
    expect(overlap(card, box), `${id} over the container`).toBe(false);
  }
});

test("tidy up lays a piled-up graph out right to left with no card on another, and it stays so after a reload", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "مرتب‌سازی");
  const at = { x: 100, y: 100 };
  const make = (kind: NodeKind, name: string) => createNodeVia(token, projectId, kind, name, at);
  const repository = await make("filerepository", "مخزن");
  const store = await make("vectorstore", "پایگاه محصولات");
  const assistant = await make("assistant", "دستیار فروش");
  const files = await make("filedb", "فایل‌ها");
  const instruction = await make("instruction", "لحن");
  const api = await make("apidefinition", "API فروشگاه");
  const request = await make("request", "موجودی انبار");
  // Five kinds of edge: store_source, vector_store, knowledge, instruction, api_link.
  await createEdgeVia(token, projectId, repository, store);
  await createEdgeVia(token, projectId, store, assistant);
  await createEdgeVia(token, projectId, files, assistant);
  await createEdgeVia(token, projectId, assistant, instruction);
  await createEdgeVia(token, projectId, api, request);
  await openCanvas(page, projectId);
  await expectSavedNodes(page, 7);
  expect((await overlapping(page)).length, "everything starts piled up").toBeGreaterThan(0);

  // Edges are drawn in their kind's colour with an arrowhead.
  const paths = page.getByTestId("flow-pane").locator(".react-flow__edge-path");
  await expect(paths).toHaveCount(5);
  const strokes = new Set<string>();
  for (const path of await paths.all()) {
    await expect(path).toHaveAttribute("marker-end", /url\(/);
    strokes.add(await path.evaluate((el) => getComputedStyle(el).stroke));
  }
  expect(strokes.size, "five kinds of edge, five colours").toBe(5);

  const moves = watchRequests(page, /\/position$/, "PATCH");
  await page.getByRole("button", { name: fa.canvas.tidyUp }).click();
  await expect.poll(() => moves.length).toBeGreaterThanOrEqual(5);
  await expect.poll(() => overlapping(page)).toEqual([]);
  // Fit view never zooms in beyond 1.
  expect((await viewportOf(page)).zoom).toBeLessThanOrEqual(1);
  await snapshot(page, "canvas-layout-tidied");

  // Right to left: each source stands right of what it feeds.
  const x = async (id: string) => (await drawnAt(page, id)).x;
  expect(await x(repository.id)).toBeGreaterThan(await x(store.id));
  expect(await x(store.id)).toBeGreaterThan(await x(assistant.id));
  expect(await x(files.id)).toBeGreaterThan(await x(assistant.id));
  expect(await x(assistant.id)).toBeGreaterThan(await x(instruction.id));
  expect(await x(api.id)).toBeGreaterThan(await x(request.id));

  // What is drawn is what the server holds, and a reload draws it again.
  await expect
    .poll(async () => {
      const stored = await projectNodes(token, projectId);
      const drawn = await Promise.all(stored.map(async (n) => drawnAt(page, n.id)));
      return stored.every((n, i) => Math.abs(n.position.x - drawn[i]!.x) < 2 && Math.abs(n.position.y - drawn[i]!.y) < 2);
    })
    .toBe(true);
  const before = await projectNodes(token, projectId);
  await reloadCanvas(page);
  await expectSavedNodes(page, 7);
  expect(await overlapping(page)).toEqual([]);
  for (const n of before) {
    const drawn = await drawnAt(page, n.id);
    expect(Math.abs(drawn.x - n.position.x), n.id).toBeLessThan(2);
    expect(Math.abs(drawn.y - n.position.y), n.id).toBeLessThan(2);
  }
});

test("tidying a container's children grows it, and a neighbour it would cover steps aside", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "ظرف مرتب");
  const box = await createNodeVia(token, projectId, "container", "پشتیبانی", { x: 0, y: 0 }, { width: 400, height: 300 });
  const inside = { container_id: box.database_id };
  // Piled up, each header still in sight to be clicked.
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار", { x: 30, y: 60 }, inside);
  const tone = await createNodeVia(token, projectId, "filedb", "اسناد", { x: 40, y: 100 }, inside);
  const rules = await createNodeVia(token, projectId, "filedb", "قیمت‌ها", { x: 50, y: 140 }, inside);
  await createEdgeVia(token, projectId, tone, assistant);
  await createEdgeVia(token, projectId, rules, assistant);
  // Just right of the container, where it will grow.
  const neighbour = await createNodeVia(token, projectId, "instruction", "همسایه", { x: 440, y: 40 });
  await openCanvas(page, projectId);
  await expectSavedNodes(page, 5);

  // The three children chosen, not the container: tidy lays them out inside it.
  // From the top card down: a selected card is raised over the ones below it.
  await flowNode(page, rules.id).locator("header").click();
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  for (const id of [tone.id, assistant.id]) await flowNode(page, id).locator("header").click({ modifiers: ["Shift"] });
  await expect(page.getByTestId("flow-pane").locator(".react-flow__node.selected")).toHaveCount(3);
  await page.getByRole("button", { name: fa.canvas.tidyUp }).click();

  // Judged on what the server holds (a card moved off screen is not drawn): the
  // container grew, and the neighbour's box no longer meets the container's.
  const { nodeWidth, nodeHeight } = constants();
  const held = async () => {
    const stored = await projectNodes(token, projectId);
    const container = stored.find((n) => n.id === box.id)!;
    const size = container.data as { width: number; height: number };
    const other = stored.find((n) => n.id === neighbour.id)!;
    return {
      grown: size.width > 400,
      // The container's title strip sits above its box.
      apart: !overlap(
        { ...other.position, width: nodeWidth, height: nodeHeight },
        { x: container.position.x, y: container.position.y - 40, width: size.width, height: size.height + 40 },
      ),
    };
  };
  await expect.poll(held).toEqual({ grown: true, apart: true });
  await expect.poll(() => overlapping(page).then((pairs) => pairs.filter((p) => !p.includes("container-")))).toEqual([]);
  // The same after a reload.
  await reloadCanvas(page);
  await expectSavedNodes(page, 5);
  expect(await held()).toEqual({ grown: true, apart: true });
});

test("a connection dropped on empty canvas offers what may join there and adds it connected", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "اتصال در فضای خالی");
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار", { x: 600, y: 200 });
  await openCanvas(page, projectId);
  await expectSavedNodes(page, 1);

  // The output handle (on the card's left) says what it connects to.
  const output = flowNode(page, assistant.id).locator(".react-flow__handle.source");
  await expect(output).toHaveAttribute("title", /دستورالعمل/);
  await expect(flowNode(page, assistant.id).locator(".react-flow__handle.target")).toHaveAttribute("title", /پایگاه برداری/);

  const from = await screenBox(output);
  const drop = { x: from.x - 220, y: from.y + 40 };
  await dragMouse(page, { x: from.x + from.width / 2, y: from.y + from.height / 2 }, drop);
  const menu = page.getByTestId("connect-menu");
  await expect(menu).toBeVisible();
  // Only what an assistant may connect to: instruction yes, a vector store (which feeds it) no.
  await expect(menu.locator('button[data-kind="instruction"]')).toBeVisible();
  await expect(menu.locator('button[data-kind="vectorstore"]')).toHaveCount(0);
  await snapshot(page, "canvas-layout-connect-menu");
  await menu.locator('button[data-kind="instruction"]').click();
  await expect(menu).toHaveCount(0);

  const instruction = nodesOfKind(page, "instruction");
  await expect(instruction).toHaveCount(1);
  await expect(instruction).toHaveAttribute("data-testid", /^node-instruction-\d+$/);
  const instructionId = (await instruction.getAttribute("data-testid"))!.slice("node-".length);
  // Saved on the server, joined assistant → instruction.
  await expect
    .poll(async () => (await projectEdges(token, projectId)).map((e) => `${e.source}>${e.target}`))
    .toContain(`${assistant.id}>${instructionId}`);
  await expect(page.getByTestId("flow-pane").locator(".react-flow__edge")).toHaveCount(1);
  // Placed at the drop: its input handle, on its right, near where the drag ended.
  const input = await screenBox(flowNode(page, instructionId).locator(".react-flow__handle.target"));
  expect(Math.abs(input.x - drop.x)).toBeLessThan(80);
});

test("the palette tells what each kind is for and finds a kind typed with Arabic ي and ك", async ({ page }) => {
  const { projectId } = await signedInWithProject(page, "جست‌وجوی فهرست");
  await openCanvas(page, projectId);
  const palette = page.getByRole("navigation", { name: fa.canvas.palette });
  await expect(palette.getByText(fa.palette.purpose.sms)).toBeVisible();

  const search = palette.getByRole("searchbox", { name: fa.palette.search });
  // «پیامک» typed with Arabic yeh and kaf.
  await search.fill("پيامك");
  await expect(palette.locator("button[data-kind]")).toHaveCount(1);
  await expect(palette.locator('button[data-kind="sms"]')).toBeVisible();
  await palette.locator('button[data-kind="sms"]').click();
  await expect(nodesOfKind(page, "sms")).toHaveCount(1);

  await search.fill("چیزی که نیست");
  await expect(palette.locator("button[data-kind]")).toHaveCount(0);
  await expect(palette.getByText(fa.palette.noMatch)).toBeVisible();

  // The palette scrolls inside itself: its list is taller than it, and it ends within the window.
  await search.fill("");
  const shape = await palette.evaluate((el) => ({
    scroll: el.scrollHeight,
    client: el.clientHeight,
    overflow: getComputedStyle(el).overflowY,
    bottom: el.getBoundingClientRect().bottom,
  }));
  expect(shape.overflow).toBe("auto");
  expect(shape.scroll).toBeGreaterThan(shape.client);
  expect(shape.bottom).toBeLessThanOrEqual(page.viewportSize()!.height);
});
