// Undo and redo, copy and paste, and the keyboard (issue #16): a small
// workflow drawn, undone back to an empty canvas and redone, the server
// holding exactly the redone graph after a reload; a group copied with its
// edge into another project in another tab; Escape, Enter, the arrows and "?".
import { kinds, type NodeKind } from "@dastyar/rules";
import { createProject } from "./api.ts";
import { createEdgeVia, createNodeVia, projectEdges, projectNodes, storedNode } from "./canvas-api.ts";
import {
  addButton,
  connect,
  dragNodeBy,
  fa,
  flowNode,
  node,
  nodesOfKind,
  notification,
  openCanvas,
  reloadCanvas,
  screenBox,
  snapshot,
  statusOf,
  viewportOf,
  signedInWithProject,
} from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";

const labelOf = (kind: NodeKind) => kinds().find((k) => k.kind === kind)!.label;

/**
 * What the server holds, without ids (a node brought back has a new one):
 * each node by its kind (one of each here), its name, where it is and the
 * kind of its container; each edge by its ends' kinds.
 */
async function graphOf(token: string, projectId: number) {
  const nodes = await projectNodes(token, projectId);
  const kindOf = new Map(nodes.map((n) => [n.id, n.type]));
  return {
    nodes: nodes
      .map((n) => ({ kind: n.type, label: n.data.label, position: n.position, in: n.parentId ? kindOf.get(n.parentId) : null }))
      .sort((a, b) => a.kind.localeCompare(b.kind)),
    edges: (await projectEdges(token, projectId)).map((e) => `${kindOf.get(e.source)}>${kindOf.get(e.target)}`).sort(),
  };
}

/** The one card of `kind`, once saved (its canvas id is the server's). */
async function savedCard(page: Page, kind: NodeKind): Promise<string> {
  const card = nodesOfKind(page, kind);
  await expect(card).toHaveCount(1);
  await expect(statusOf(card)).toHaveAttribute("data-status", /success|pending_assistant/);
  await expect(card).toHaveAttribute("data-testid", /^node-[a-z]+-\d+$/);
  return (await card.getAttribute("data-testid"))!.slice("node-".length);
}

test("a workflow undone back to an empty canvas and redone is exactly what the server holds after a reload", async ({ page }) => {
  test.setTimeout(120_000);
  const { token, projectId } = await signedInWithProject(page, "تاریخچه");
  await openCanvas(page, projectId);
  const undo = page.getByTestId("undo");
  const redo = page.getByTestId("redo");
  await expect(undo).toBeDisabled();

  // 1–3: three nodes from the palette.
  await addButton(page, labelOf("filedb")).click();
  const files = await savedCard(page, "filedb");
  await addButton(page, labelOf("filerepository")).click();
  const repo = await savedCard(page, "filerepository");
  await addButton(page, labelOf("vectorstore")).click();
  const store = await savedCard(page, "vectorstore");
  await expect(undo).toHaveAttribute("title", fa.editing.undoNamed(fa.editing.steps.add(labelOf("vectorstore"))));

  // 4–5: two connections into the store.
  await connect(page, files, store);
  await expect.poll(async () => (await projectEdges(token, projectId)).length).toBe(1);
  await connect(page, repo, store);
  await expect.poll(async () => (await projectEdges(token, projectId)).length).toBe(2);

  // 6: the two sources grouped into a container.
  await node(page, files).locator("header").click();
  // Its panel closed, so that the canvas is whole again (the node stays selected).
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await node(page, repo).locator("header").click({ modifiers: ["Shift"] });
  await expect(node(page, files)).toHaveAttribute("data-selected", "true");
  await page.getByRole("button", { name: fa.canvas.group }).click();
  const container = await savedCard(page, "container");
  await expect.poll(async () => (await storedNode(token, projectId, files))?.parentId).toBe(container);
  await expect.poll(async () => (await storedNode(token, projectId, repo))?.parentId).toBe(container);
  await page.getByRole("button", { name: fa.canvas.panel.close }).click().catch(() => {});

  // 7: the store dragged aside (everything in view first).
  await page.getByRole("button", { name: fa.editing.a11y.fitView }).click();
  const before = (await storedNode(token, projectId, store))!.position;
  await dragNodeBy(page, store, 160, 40);
  await expect.poll(async () => (await storedNode(token, projectId, store))!.position).not.toEqual(before);

  // 8: the store renamed in its panel.
  await node(page, store).locator("header").click();
  await page.getByLabel(fa.canvas.panel.label).fill("دانش فروشگاه");
  await page.getByTestId("panel-save").click();
  await expect.poll(async () => (await storedNode(token, projectId, store))!.data.label).toBe("دانش فروشگاه");
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await expect(undo).toHaveAttribute("title", fa.editing.undoNamed(fa.editing.steps.save(labelOf("vectorstore"))));

  const drawn = await graphOf(token, projectId);
  expect(drawn.nodes.map((n) => [n.kind, n.in])).toEqual([
    ["container", null],
    ["filedb", "container"],
    ["filerepository", "container"],
    ["vectorstore", null],
  ]);
  expect(drawn.edges).toEqual(["filedb>vectorstore", "filerepository>vectorstore"]);
  await snapshot(page, "canvas-history-drawn");

  // Undo every step from the keyboard (they run one after another, and a
  // press with nothing left to undo does nothing).
  for (let i = 0; i < 12; i++) await page.keyboard.press("Control+z");
  await expect.poll(() => graphOf(token, projectId), { timeout: 60_000 }).toEqual({ nodes: [], edges: [] });
  await expect(page.locator(".react-flow__node")).toHaveCount(0);
  await expect(undo).toBeDisabled();
  await expect(redo).toHaveAttribute("title", fa.editing.redoNamed(fa.editing.steps.add(labelOf("filedb"))));
  await snapshot(page, "canvas-history-undone");

  // Redo all of it: the toolbar's button, then both redo shortcuts.
  await redo.click();
  await expect.poll(async () => (await projectNodes(token, projectId)).length).toBe(1);
  for (let i = 0; i < 5; i++) await page.keyboard.press("Control+Shift+z");
  for (let i = 0; i < 6; i++) await page.keyboard.press("Control+y");
  await expect.poll(() => graphOf(token, projectId), { timeout: 60_000 }).toEqual(drawn);
  await expect(redo).toBeDisabled();

  // After a reload, the canvas and the server hold exactly the redone graph.
  await reloadCanvas(page);
  await expect(page.locator(".react-flow__node")).toHaveCount(4);
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  expect(await graphOf(token, projectId)).toEqual(drawn);
  await expect(page.getByText("دانش فروشگاه").first()).toBeVisible();
  await snapshot(page, "canvas-history-redone");
});

test("a group copied with its edge is pasted into another project, in another tab, at the pointer", async ({ page, context }) => {
  test.setTimeout(90_000);
  const { token, projectId } = await signedInWithProject(page, "مبدأ");
  const box = await createNodeVia(token, projectId, "container", "گروه پشتیبانی", { x: 0, y: 0 }, { width: 700, height: 320 });
  const files = await createNodeVia(token, projectId, "filedb", "اسناد", { x: 40, y: 60 }, { container_id: box.database_id });
  const store = await createNodeVia(token, projectId, "vectorstore", "دانش", { x: 380, y: 60 }, { container_id: box.database_id });
  await createEdgeVia(token, projectId, files, store);
  const outside = await createNodeVia(token, projectId, "filerepository", "بیرون", { x: 900, y: 0 });
  await createEdgeVia(token, projectId, outside, store);
  const target = await createProject(token, "مقصد");

  await openCanvas(page, projectId);
  await node(page, box.id).locator("header").click();
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await page.keyboard.press("Control+c");
  // The container with what it holds, and only the edge between them.
  await expect(notification(page, fa.editing.clipboard.copied(3, 1))).toBeVisible();

  const other = await context.newPage();
  await openCanvas(other, target.id);
  const pane = await screenBox(other.getByTestId("flow-pane"));
  const pointer = { x: pane.x + pane.width / 2, y: pane.y + pane.height / 2 };
  await other.mouse.move(pointer.x, pointer.y);
  // The pointer in flow coordinates, as the canvas reads it.
  const flowBox = await screenBox(other.getByTestId("flow-pane").locator(".react-flow").first());
  const view = await viewportOf(other);
  const at = { x: (pointer.x - flowBox.x - view.x) / view.zoom, y: (pointer.y - flowBox.y - view.y) / view.zoom };
  await other.keyboard.press("Control+v");
  await expect(notification(other, fa.editing.clipboard.pasted(3))).toBeVisible({ timeout: 30_000 });

  const nodes = await projectNodes(token, target.id);
  expect(nodes.map((n) => n.type).sort()).toEqual(["container", "filedb", "vectorstore"]);
  const pastedBox = nodes.find((n) => n.type === "container")!;
  expect(pastedBox.data.label).toBe("گروه پشتیبانی");
  for (const child of nodes.filter((n) => n.type !== "container")) {
    expect(child.parentId).toBe(pastedBox.id);
  }
  expect(nodes.find((n) => n.type === "filedb")).toMatchObject({ position: { x: 40, y: 60 }, data: { label: "اسناد" } });
  const edges = await projectEdges(token, target.id);
  expect(edges).toHaveLength(1);
  const kindOf = new Map(nodes.map((n) => [n.id, n.type]));
  expect(`${kindOf.get(edges[0]!.source)}>${kindOf.get(edges[0]!.target)}`).toBe("filedb>vectorstore");
  // Placed at the pointer: the container's corner is where the mouse was.
  expect(Math.abs(pastedBox.position.x - at.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(pastedBox.position.y - at.y)).toBeLessThanOrEqual(1);
  await expect(flowNode(other, pastedBox.id)).toBeVisible();
  await snapshot(other, "canvas-history-pasted");

  // The paste is one step: undone, the project is empty again.
  await other.keyboard.press("Control+z");
  await expect.poll(async () => (await projectNodes(token, target.id)).length).toBe(0);
  // The source project was left as it was.
  expect(await projectNodes(token, projectId)).toHaveLength(4);
});

test("the keyboard: ? lists the shortcuts, Escape closes, Enter opens the selected node, arrows nudge and undo", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "صفحه‌کلید");
  const files = await createNodeVia(token, projectId, "filedb", "اسناد", { x: 100, y: 100 });
  const store = await createNodeVia(token, projectId, "vectorstore", "دانش", { x: 500, y: 100 });
  await createEdgeVia(token, projectId, files, store);
  await openCanvas(page, projectId);

  // Screen readers hear names, not ids, and React Flow's words in Persian.
  await expect(flowNode(page, files.id)).toHaveAttribute("aria-label", fa.editing.a11y.node(labelOf("filedb"), "اسناد"));
  await expect(page.locator(".react-flow__edge").first()).toHaveAttribute("aria-label", fa.editing.a11y.edge("اسناد", "دانش"));
  await expect(page.getByRole("button", { name: fa.editing.a11y.zoomIn })).toBeVisible();

  // "?" opens the sheet; Escape closes it.
  await page.keyboard.press("Shift+Slash");
  const sheet = page.getByTestId("shortcuts-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(fa.editing.shortcuts.actions.undo)).toBeVisible();
  await snapshot(page, "canvas-history-shortcuts");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();

  // Delete pressed while a dialog is open deletes nothing behind it.
  await node(page, files.id).locator("header").click();
  await expect(flowNode(page, files.id)).toHaveClass(/selected/);
  await page.keyboard.press("Shift+Slash");
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Delete");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(node(page, files.id)).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect((await projectNodes(token, projectId)).map((n) => n.id)).toContain(files.id);
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();

  // A click selects and opens the panel; Escape closes it; Enter opens it again.
  await node(page, files.id).locator("header").click();
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toBeVisible();
  // Keys typed into a field are text, not shortcuts.
  const name = page.getByLabel(fa.canvas.panel.label);
  await name.click();
  await page.keyboard.type("?");
  await expect(name).toHaveValue("اسناد?");
  await expect(sheet).toBeHidden();
  await name.fill("اسناد");
  await flowNode(page, files.id).focus();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  // Back to the node (as Tab reaches it), Enter opens its panel.
  await flowNode(page, files.id).focus();
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await expect(panel).toBeHidden();

  // The arrows nudge the selected node; the burst is saved as one move, and undone as one.
  await flowNode(page, files.id).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await expect.poll(async () => (await storedNode(token, projectId, files.id))!.position).toEqual({ x: 130, y: 150 });
  await expect(page.getByTestId("undo")).toHaveAttribute("title", fa.editing.undoNamed(fa.editing.steps.move));
  await page.keyboard.press("Control+z");
  await expect.poll(async () => (await storedNode(token, projectId, files.id))!.position).toEqual({ x: 100, y: 100 });

  // Ctrl+D duplicates the selection beside it.
  await flowNode(page, files.id).focus();
  await page.keyboard.press("Control+d");
  await expect(notification(page, fa.editing.clipboard.pasted(1))).toBeVisible();
  await expect.poll(async () => (await projectNodes(token, projectId)).filter((n) => n.type === "filedb").length).toBe(2);
});
