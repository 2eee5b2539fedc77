// The canvas as a person uses it: adding every kind from the palette,
// connecting nodes (and being refused), retrying a failed add, the plan
// limit, deleting edges and nodes, and the project's thumbnail.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { constants, kinds, message, type NodeKind } from "@dastyar/rules";
import { checkConnection } from "@dastyar/rules/urls";
import { createProject, listProjects, newAccount, register } from "./api.ts";
import { createEdgeVia, createNodeVia, projectEdges, projectNodes } from "./canvas-api.ts";
import {
  addButton,
  canvasIdOf,
  connect,
  fa,
  node,
  nodesOfKind,
  notification,
  openCanvas,
  pngSize,
  pngTopLeft,
  reloadCanvas,
  signUpWithProject,
  snapshot,
  statusOf,
  watchRequests,
} from "./canvas-ui.ts";
import { expect, test } from "./fixtures.ts";
import { ARTIFACTS } from "./paths.ts";
import { card, signIn } from "./ui.ts";

/** What a node fresh from the palette still waits for (canvas/nodes/readiness.ts); the rest are ready. */
const FRESH_READINESS: Partial<Record<NodeKind, keyof typeof fa.canvas.readiness>> = {
  analyzer: "needs_setup",
  function: "waiting_assistant",
  telegram: "needs_setup",
  iframe: "waiting_assistant",
  scheduler: "needs_setup",
  trigger: "waiting_assistant",
  sms: "needs_setup",
  wordpress: "needs_setup",
  request: "needs_setup",
  googledoc: "needs_authorization",
  googlesheet: "needs_authorization",
};

/** Enough for an assistant's creation job (polled every 2 s) to finish. */
const SETTLE = { timeout: 20_000 };

test("every kind from the palette, one add at a time; all but the test frame survive a reload", async ({ page }) => {
  test.setTimeout(150_000);
  const { projectId, token } = await signUpWithProject(page, newAccount(), "همهٔ گره‌ها");
  const all = kinds();
  expect(all).toHaveLength(19);
  expect(all.map((k) => k.kind)).toEqual(expect.arrayContaining(["container", "testframe"]));

  const ids = new Map<NodeKind, string>();
  for (const { kind, label, persisted } of all) {
    // New nodes land in the middle of the view, each a step aside from the
    // last; fitting the view first keeps the next one on screen.
    await page.locator(".react-flow__controls-fitview").click();
    if (kind === "vectorstore") {
      // While one add runs (its create held back), a second is refused with the wait message.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/vectorstores", async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await addButton(page, label).click();
      await expect(statusOf(nodesOfKind(page, "vectorstore"))).toHaveAttribute("data-status", "pending");
      await addButton(page, kinds().find((k) => k.kind === "filedb")!.label).click();
      await expect(notification(page, message("add_in_progress", {}))).toBeVisible();
      release();
      await expect(statusOf(nodesOfKind(page, "vectorstore"))).toHaveAttribute("data-status", "success", SETTLE);
      await page.unroute("**/api/vectorstores");
      await expect(nodesOfKind(page, "filedb"), "the refused add left nothing behind").toHaveCount(0);
    } else {
      await addButton(page, label).click();
    }
    const shown = nodesOfKind(page, kind);
    await expect(shown, `one ${kind} node`).toHaveCount(1);
    const settled = kind === "function" ? "pending_assistant" : "success";
    await expect(statusOf(shown), `${kind} settles`).toHaveAttribute("data-status", settled, SETTLE);
    // «آماده» only for what can run as it is; a fresh node missing something says what.
    const readiness = FRESH_READINESS[kind] ?? "ready";
    await expect(statusOf(shown)).toHaveAttribute("data-readiness", readiness);
    await expect(statusOf(shown)).toHaveText(fa.canvas.readiness[readiness]);
    if (persisted) await expect(shown).toHaveAttribute("data-testid", new RegExp(`^node-${kind}-\\d+$`));
    ids.set(kind, await canvasIdOf(shown));
  }
  await snapshot(page, "canvas-every-kind");

  // The server holds every persisted kind once, under the ids the canvas shows.
  const stored = await projectNodes(token, projectId);
  const persistedKinds = all.filter((k) => k.persisted).map((k) => k.kind);
  expect(stored.map((n) => n.type).sort()).toEqual([...persistedKinds].sort());
  for (const n of stored) expect(n.id).toBe(ids.get(n.type));

  await reloadCanvas(page);
  for (const kind of persistedKinds) {
    await expect(node(page, ids.get(kind)!), `${kind} after the reload`).toBeVisible();
    const settled = kind === "function" ? "pending_assistant" : "success";
    await expect(statusOf(node(page, ids.get(kind)!))).toHaveAttribute("data-status", settled);
  }
  await expect(nodesOfKind(page, "testframe"), "the test frame is never saved").toHaveCount(0);
  await expect(page.locator("article[data-kind]")).toHaveCount(persistedKinds.length);
  await snapshot(page, "canvas-every-kind-reloaded");
});

/** A registered account (not signed in yet) with an empty project named `name`. */
async function sceneWithProject(name: string) {
  const account = newAccount();
  const { token } = await register(account);
  const project = await createProject(token, name);
  return { account, token, projectId: project.id };
}

test("a forbidden connection says why in Persian and sends nothing", async ({ page }) => {
  const { account, token, projectId } = await sceneWithProject("اتصال ممنوع");
  // Outputs are on the left of a card, inputs on the right.
  const store = await createNodeVia(token, projectId, "vectorstore", "پایگاه دانش", { x: 650, y: 0 });
  const bot = await createNodeVia(token, projectId, "telegram", "ربات فروش", { x: 0, y: 0 });
  const helper = await createNodeVia(token, projectId, "assistant", "دستیار یک", { x: 650, y: 320 });
  const other = await createNodeVia(token, projectId, "assistant", "دستیار دو", { x: 0, y: 320 });
  const graph = { nodes: await projectNodes(token, projectId), edges: [] };
  const storeToBot = checkConnection(graph, { source: store.id, target: bot.id });
  const twoAssistants = checkConnection(graph, { source: helper.id, target: other.id });
  if (storeToBot.ok || twoAssistants.ok) throw new Error("the rules allow a pair this spec expects refused");

  await signIn(page, account);
  await openCanvas(page, projectId);
  await expect(statusOf(node(page, bot.id))).toHaveAttribute("data-status", "success");
  const edgePosts = watchRequests(page, /^\/api\/edges/);

  await connect(page, store.id, bot.id);
  await expect(notification(page, storeToBot.message)).toBeVisible();
  await connect(page, helper.id, other.id);
  await expect(notification(page, twoAssistants.message)).toBeVisible();
  expect(twoAssistants.code).toBe("same_type_connection");
  await snapshot(page, "canvas-forbidden-connection");

  await expect(page.locator(".react-flow__edge")).toHaveCount(0);
  expect(edgePosts.map((r) => `${r.method()} ${r.url()}`), "no request to /api/edges").toEqual([]);
  expect(await projectEdges(token, projectId)).toEqual([]);
});

test("an allowed connection is drawn, saved and still there after a reload", async ({ page }) => {
  const { account, token, projectId } = await sceneWithProject("اتصال مجاز");
  const store = await createNodeVia(token, projectId, "vectorstore", "پایگاه دانش", { x: 650, y: 0 });
  // A little lower, so the edge is a curve with a box to see and click.
  const helper = await createNodeVia(token, projectId, "assistant", "دستیار", { x: 0, y: 120 });

  await signIn(page, account);
  await openCanvas(page, projectId);
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/edges" && r.request().method() === "POST");
  await connect(page, store.id, helper.id);
  expect((await saved).status()).toBe(201);
  const edges = page.locator(".react-flow__edge");
  await expect(edges).toHaveCount(1);
  await expect(edges.first()).not.toHaveClass(/edge-(pending|error)/);
  await snapshot(page, "canvas-allowed-connection");

  const stored = await projectEdges(token, projectId);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ source: store.id, target: helper.id, project_id: projectId });
  expect(stored[0]!.data.connectionStatus).toBe("success");

  await reloadCanvas(page);
  await expect(page.getByTestId(`rf__edge-${stored[0]!.id}`)).toBeVisible();
  await expect(edges).toHaveCount(1);
  await snapshot(page, "canvas-allowed-connection-reloaded");
});

test("at the assistant limit, adding one says so and goes to /subscription after about 3 s", async ({ page }) => {
  const { account, token, projectId } = await sceneWithProject("سقف دستیار");
  for (const [i, x] of [0, 320, 640].entries()) {
    await createNodeVia(token, projectId, "assistant", `دستیار ${i + 1}`, { x, y: 0 });
  }
  await signIn(page, account);
  await openCanvas(page, projectId);
  await expect(nodesOfKind(page, "assistant")).toHaveCount(3);
  const creates = watchRequests(page, /^\/api\/playground\/assistants$/, "POST");

  const clicked = Date.now();
  await addButton(page, kinds().find((k) => k.kind === "assistant")!.label).click();
  const refusal = page.getByTestId("notification").filter({ hasText: "حداکثر" });
  await expect(refusal).toBeVisible();
  await expect(refusal).toHaveAttribute("data-kind", "error");
  await expect(nodesOfKind(page, "assistant"), "no fourth assistant, not even pending").toHaveCount(3);
  await snapshot(page, "canvas-assistant-limit");
  await expect(page).toHaveURL(/\/projects\/\d+$/);

  await expect(page).toHaveURL(/\/subscription$/, { timeout: 8_000 });
  const waited = Date.now() - clicked;
  expect(waited, "the redirect waits about 3 s").toBeGreaterThanOrEqual(2_700);
  expect(waited).toBeLessThan(6_000);
  await expect(page.getByRole("heading", { name: fa.subscription.title })).toBeVisible();
  expect(creates, "the limit is checked before anything is created").toEqual([]);
  expect((await projectNodes(token, projectId)).filter((n) => n.type === "assistant")).toHaveLength(3);
});

test("a failed add shows the node in error; retry saves it and it survives a reload", async ({ page }) => {
  const { account, token, projectId } = await sceneWithProject("تلاش دوباره");
  await signIn(page, account);
  await openCanvas(page, projectId);
  const label = kinds().find((k) => k.kind === "filedb")!.label;

  let posts = 0;
  await page.route("**/api/filedb", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts += 1;
    if (posts > 1) return route.continue();
    return route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal_error", message: "خطای آزمایشی سرور" } }),
    });
  });

  await addButton(page, label).click();
  const shown = nodesOfKind(page, "filedb");
  await expect(statusOf(shown)).toHaveAttribute("data-status", "error");
  await expect(statusOf(shown)).toHaveText(fa.canvas.status.error);
  await expect(notification(page, message("node_add_failed", { type: label }))).toBeVisible();
  const retry = shown.getByRole("button", { name: fa.canvas.retry });
  await expect(retry).toBeVisible();
  expect(await projectNodes(token, projectId)).toEqual([]);
  await snapshot(page, "canvas-retry-error");

  await retry.click();
  await expect(statusOf(shown)).toHaveAttribute("data-status", "success", SETTLE);
  await expect(retry).toHaveCount(0);
  await expect(shown).toHaveAttribute("data-testid", /^node-filedb-\d+$/);
  const id = await canvasIdOf(shown);
  expect(posts).toBe(2);
  await snapshot(page, "canvas-retry-success");

  await reloadCanvas(page);
  await expect(statusOf(node(page, id))).toHaveAttribute("data-status", "success");
  await expect(nodesOfKind(page, "filedb")).toHaveCount(1);
  expect((await projectNodes(token, projectId)).map((n) => n.id)).toEqual([id]);
});

test("deleting an edge from its menu, and a node with the Delete key (its edges go too)", async ({ page }) => {
  const { account, token, projectId } = await sceneWithProject("حذف‌ها");
  // The file database on the left: selecting it opens its settings beside
  // the canvas, and it stays in view.
  const store = await createNodeVia(token, projectId, "vectorstore", "پایگاه دانش", { x: 700, y: 0 });
  const helper = await createNodeVia(token, projectId, "assistant", "دستیار", { x: 350, y: 160 });
  const files = await createNodeVia(token, projectId, "filedb", "پرونده‌ها", { x: 0, y: 340 });
  const kept = await createEdgeVia(token, projectId, files, helper);
  const doomed = await createEdgeVia(token, projectId, store, helper);

  await signIn(page, account);
  await openCanvas(page, projectId);
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);

  const edge = page.getByTestId(`rf__edge-${doomed.id}`);
  await edge.locator(".react-flow__edge-interaction").click({ button: "right" });
  const menu = page.getByRole("menu", { name: fa.canvas.edgeMenu });
  await expect(menu).toBeVisible();
  const deleted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/edges/${doomed.database_id}` && r.request().method() === "DELETE",
  );
  await menu.getByRole("menuitem", { name: fa.canvas.deleteEdge }).click();
  expect((await deleted).ok()).toBe(true);
  await expect(edge).toHaveCount(0);
  await expect(page.getByTestId(`rf__edge-${kept.id}`)).toHaveCount(1);
  await snapshot(page, "canvas-edge-deleted");

  await reloadCanvas(page);
  await expect(page.locator(".react-flow__edge")).toHaveCount(1);
  await expect(page.getByTestId(`rf__edge-${doomed.id}`)).toHaveCount(0);
  expect((await projectEdges(token, projectId)).map((e) => e.id)).toEqual([kept.id]);

  // The file database goes with the Delete key, and its edge with it.
  await node(page, files.id).locator("header").click();
  await expect(node(page, files.id)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("Delete");
  // A node with an edge is asked about first.
  await page.getByRole("alertdialog").getByRole("button", { name: fa.canvas.confirmDelete.confirm }).click();
  await expect(node(page, files.id)).toHaveCount(0);
  await expect(page.locator(".react-flow__edge")).toHaveCount(0);
  await expect(node(page, store.id)).toBeVisible();
  await expect(node(page, helper.id)).toBeVisible();
  await snapshot(page, "canvas-node-deleted");
  await expect.poll(async () => (await projectNodes(token, projectId)).map((n) => n.id).sort()).toEqual([helper.id, store.id].sort());
  expect(await projectEdges(token, projectId)).toEqual([]);

  await reloadCanvas(page);
  await expect(node(page, helper.id)).toBeVisible();
  await expect(node(page, files.id)).toHaveCount(0);
  await expect(page.locator(".react-flow__edge")).toHaveCount(0);
});

test("saving the thumbnail shows a 400x300 PNG on the project's card", async ({ page }) => {
  const { account, token, projectId } = await sceneWithProject("با تصویر بوم");
  const store = await createNodeVia(token, projectId, "vectorstore", "پایگاه دانش", { x: 650, y: 0 });
  const helper = await createNodeVia(token, projectId, "assistant", "دستیار", { x: 0, y: 120 });
  await createEdgeVia(token, projectId, store, helper);

  await signIn(page, account);
  await openCanvas(page, projectId);
  await expect(node(page, helper.id)).toBeVisible();
  await page.getByRole("button", { name: fa.canvas.saveThumbnail }).click();
  await expect(notification(page, fa.canvas.thumbnailSaved)).toBeVisible();
  await snapshot(page, "canvas-thumbnail-saved");

  await page.getByRole("link", { name: fa.canvas.back }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const image = card(page, "با تصویر بوم").getByRole("img");
  await expect(image).toHaveAttribute("src", /^data:image\/png;base64,/);
  const src = (await image.getAttribute("src"))!;
  expect(pngSize(src)).toEqual({ width: 400, height: 300 });
  expect(pngTopLeft(src), "drawn on the spec's #111827").toBe(constants().thumbnailBackground.toLowerCase());
  await writeFile(join(ARTIFACTS, "canvas-thumbnail-image.png"), Buffer.from(src.split(",")[1]!, "base64"));
  expect((await listProjects(token)).find((p) => p.id === projectId)?.thumbnail).toBe(src);
  await snapshot(page, "canvas-thumbnail-card");
});
