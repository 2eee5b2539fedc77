// Containers on the canvas: grouping selected nodes, dragging a node out,
// removing a container (its children stay put), and an analyzer refused.
import { constants, groupingBox, kindInfo, message } from "@dastyar/rules";
import { createNodeVia, projectNodes, storedNode } from "./canvas-api.ts";
import {
  drawnAt,
  dragMouse,
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
  watchRequests,
  signedInWithProject,
} from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";

const { containerExitGap, nodeWidth, nodeHeight, groupPadding } = constants();

/** Whether `inner`'s box lies within `outer`'s on screen. */
async function insideOnScreen(inner: ReturnType<typeof flowNode>, outer: ReturnType<typeof flowNode>): Promise<boolean> {
  const a = await screenBox(inner);
  const b = await screenBox(outer);
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
}

test("grouping two selected nodes puts a container around them; they are in it after a reload", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "گروه‌بندی");
  const files = await createNodeVia(token, projectId, "filedb", "پرونده‌ها", { x: 0, y: 0 });
  const repo = await createNodeVia(token, projectId, "filerepository", "مخزن", { x: 400, y: 100 });
  await openCanvas(page, projectId);

  const group = page.getByRole("button", { name: fa.canvas.group });
  await expect(group, "nothing selected, nothing to group").toBeDisabled();
  await node(page, files.id).locator("header").click();
  await node(page, repo.id).locator("header").click({ modifiers: ["Shift"] });
  await expect(node(page, files.id)).toHaveAttribute("data-selected", "true");
  await expect(node(page, repo.id)).toHaveAttribute("data-selected", "true");
  await group.click();

  const container = nodesOfKind(page, "container");
  await expect(container).toHaveCount(1);
  await expect(statusOf(container)).toHaveAttribute("data-status", "success");
  await expect(container).toHaveAttribute("data-testid", /^node-container-\d+$/);
  await expect(notification(page, message("container_created", {}))).toBeVisible();
  const containerId = (await container.getAttribute("data-testid"))!.slice("node-".length);
  await snapshot(page, "canvas-grouped");

  // The box is the grouping box: 250x150 per node and 50 px around.
  const box = groupingBox([files.position, repo.position])!;
  expect(box).toEqual({
    x: -groupPadding,
    y: -groupPadding,
    width: 400 + nodeWidth + 2 * groupPadding,
    height: 100 + nodeHeight + 2 * groupPadding,
  });
  await expect.poll(async () => (await storedNode(token, projectId, files.id))?.parentId).toBe(containerId);
  await expect.poll(async () => (await storedNode(token, projectId, repo.id))?.parentId).toBe(containerId);
  const stored = await projectNodes(token, projectId);
  const saved = stored.find((n) => n.id === containerId)!;
  expect(saved.position).toEqual({ x: box.x, y: box.y });
  expect(saved.data).toMatchObject({ width: box.width, height: box.height });
  expect(stored.find((n) => n.id === files.id)!.position).toEqual({ x: groupPadding, y: groupPadding });
  expect(stored.find((n) => n.id === repo.id)!.position).toEqual({ x: 400 + groupPadding, y: 100 + groupPadding });

  await reloadCanvas(page);
  await expect(node(page, containerId)).toBeVisible();
  for (const child of [files.id, repo.id]) {
    await expect(node(page, child)).toBeVisible();
    expect(await insideOnScreen(flowNode(page, child), flowNode(page, containerId)), `${child} drawn inside`).toBe(true);
    const at = await drawnAt(page, child);
    const was = child === files.id ? files.position : repo.position;
    expect(Math.abs(at.x - was.x) + Math.abs(at.y - was.y), `${child} did not move on screen`).toBeLessThan(2);
  }
  await snapshot(page, "canvas-grouped-reloaded");
});

/** A 600x300 container at (0, 0) holding a file database at (30, 70) and a file repository at (320, 70). */
async function containerScene(page: Page, name: string) {
  const { token, projectId } = await signedInWithProject(page, name);
  const box = await createNodeVia(token, projectId, "container", "ظرف آزمایش", { x: 0, y: 0 }, { width: 600, height: 300 });
  const containerDbId = box.database_id;
  const staying = await createNodeVia(token, projectId, "filedb", "ماندنی", { x: 30, y: 70 }, { container_id: containerDbId });
  const leaving = await createNodeVia(token, projectId, "filerepository", "رفتنی", { x: 320, y: 70 }, { container_id: containerDbId });
  expect(staying.parentId).toBe(box.id);
  expect(leaving.parentId).toBe(box.id);
  await openCanvas(page, projectId);
  await expect(node(page, leaving.id)).toBeVisible();
  await expect(node(page, staying.id)).toBeVisible();
  return { token, projectId, box, containerDbId, staying, leaving };
}

test("a node dragged out of its container lands 50 px to the right of it", async ({ page }) => {
  const { token, projectId, box, staying, leaving } = await containerScene(page, "بیرون آوردن");

  // Down, far enough for the card's middle to leave the box (300 high).
  const { zoom } = await viewportOf(page);
  const from = await screenBox(node(page, leaving.id).locator("header"));
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const moved = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/filerepositories/${leaving.database_id}/container`);
  await dragMouse(page, start, { x: start.x, y: start.y + 260 * zoom });
  expect((await moved).ok()).toBe(true);
  await expect(notification(page, message("node_removed_from_container", {}))).toBeVisible();
  await snapshot(page, "canvas-dragged-out");

  const expectedX = box.position.x + 600 + containerExitGap;
  const out = await storedNode(token, projectId, leaving.id);
  expect(out?.parentId, "the server has it outside").toBeUndefined();
  expect(out?.position.x).toBe(expectedX);
  // y keeps where it was dropped inside the container (70 + 260 down).
  expect(Math.abs(out!.position.y - (box.position.y + 70 + 260))).toBeLessThan(6);
  const drawn = await drawnAt(page, leaving.id);
  expect(Math.abs(drawn.x - expectedX), "drawn 50 px right of the container").toBeLessThan(2);
  expect(Math.abs(drawn.y - out!.position.y)).toBeLessThan(2);
  expect((await storedNode(token, projectId, staying.id))?.parentId, "its neighbour stays in").toBe(box.id);

  await reloadCanvas(page);
  const reloaded = await drawnAt(page, leaving.id);
  expect(Math.abs(reloaded.x - expectedX) + Math.abs(reloaded.y - out!.position.y)).toBeLessThan(2);
  expect(await insideOnScreen(flowNode(page, leaving.id), flowNode(page, box.id))).toBe(false);
  expect(await insideOnScreen(flowNode(page, staying.id), flowNode(page, box.id))).toBe(true);
});

/** Checks that the container is gone and both children are free, where they were. */
async function expectFreedChildren(page: Page, scene: Awaited<ReturnType<typeof containerScene>>, name: string) {
  const { token, projectId, box, staying, leaving } = scene;
  await expect(node(page, box.id)).toHaveCount(0);
  await expect(notification(page, message("container_deleted", {}))).toBeVisible();
  for (const child of [staying, leaving]) {
    await expect(node(page, child.id), `${child.id} is still on the canvas`).toBeVisible();
    const at = await drawnAt(page, child.id);
    expect(Math.abs(at.x - child.position.x) + Math.abs(at.y - child.position.y), `${child.id} stays where it was on screen`).toBeLessThan(2);
  }
  await snapshot(page, name);

  await expect.poll(async () => (await projectNodes(token, projectId)).map((n) => n.id).sort()).toEqual([leaving.id, staying.id].sort());
  for (const child of await projectNodes(token, projectId)) {
    expect(child.parentId).toBeUndefined();
    const was = child.id === staying.id ? staying.position : leaving.position;
    expect(child.position, "stored at its absolute position").toEqual({ x: box.position.x + was.x, y: box.position.y + was.y });
  }

  await reloadCanvas(page);
  await expect(nodesOfKind(page, "container")).toHaveCount(0);
  for (const child of [staying, leaving]) {
    await expect(node(page, child.id)).toBeVisible();
    const at = await drawnAt(page, child.id);
    expect(Math.abs(at.x - child.position.x) + Math.abs(at.y - child.position.y)).toBeLessThan(2);
  }
}

test("removing a container from its menu keeps its children where they are", async ({ page }) => {
  const scene = await containerScene(page, "حذف ظرف با منو");
  const removed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/containers/${scene.containerDbId}` && r.request().method() === "DELETE",
  );
  await node(page, scene.box.id).locator("header").click({ button: "right" });
  await page.getByRole("menu", { name: fa.canvas.menu }).getByRole("menuitem", { name: fa.canvas.delete }).click();
  expect((await removed).ok()).toBe(true);
  await expectFreedChildren(page, scene, "canvas-container-removed-menu");
});

// Bug: React Flow hands onBeforeDelete a deleted parent's children too, and Workspace.tsx deletes them all.
test("removing a selected container with the Delete key keeps its children where they are", async ({ page }) => {
  const scene = await containerScene(page, "حذف ظرف با کلید");
  const deletes = watchRequests(page, /^\/api\//, "DELETE");
  await node(page, scene.box.id).locator("header").click();
  await expect(node(page, scene.box.id)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("Delete");
  await expectFreedChildren(page, scene, "canvas-container-removed-key");
  expect(deletes.map((r) => new URL(r.url()).pathname), "only the container is deleted").toEqual([
    `/api/containers/${scene.containerDbId}`,
  ]);
});

test("an analyzer dropped on a container is refused and goes back", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "تحلیل‌گر بیرون");
  const box = await createNodeVia(token, projectId, "container", "ظرف", { x: 0, y: 0 }, { width: 400, height: 300 });
  const analyzer = await createNodeVia(token, projectId, "analyzer", "تحلیل‌گر", { x: 600, y: 0 });
  expect(analyzer.type).toBe("analyzer");
  await openCanvas(page, projectId);
  await expect(node(page, analyzer.id)).toBeVisible();
  const containerCalls = watchRequests(page, /\/container$|\/add-node$/);

  // Drag the analyzer card so that its middle is over the middle of the box.
  const target = await screenBox(flowNode(page, box.id));
  const card = await screenBox(flowNode(page, analyzer.id));
  const grip = await screenBox(node(page, analyzer.id).locator("header"));
  const start = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
  const offset = { x: start.x - (card.x + card.width / 2), y: start.y - (card.y + card.height / 2) };
  await dragMouse(page, start, { x: target.x + target.width / 2 + offset.x, y: target.y + target.height / 2 + offset.y });

  await expect(notification(page, message("analyzer_inside_container", {}))).toBeVisible();
  expect(kindInfo("analyzer")?.movableIntoContainer).toBe(false);
  await expect
    .poll(async () => {
      const at = await drawnAt(page, analyzer.id);
      return Math.abs(at.x - 600) + Math.abs(at.y - 0);
    }, { message: "back where it was" })
    .toBeLessThan(2);
  await snapshot(page, "canvas-analyzer-refused");
  expect(containerCalls.map((r) => r.url()), "nothing asked of the server").toEqual([]);
  const stored = await storedNode(token, projectId, analyzer.id);
  expect(stored?.parentId).toBeUndefined();
  expect(stored?.position).toEqual({ x: 600, y: 0 });

  await reloadCanvas(page);
  expect(await insideOnScreen(flowNode(page, analyzer.id), flowNode(page, box.id))).toBe(false);
});
