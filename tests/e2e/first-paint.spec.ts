// What the canvas downloads before it draws: the rules' main wasm module once
// (preloaded beside the JavaScript, the preload reused), and not the lazy one
// (the time-zone database, Unicode normalisation), which comes when the
// palette's search or a schedule's preview first needs it (web/src/canvas/lazyRules.ts),
// nor the URL one (URL parsing), which comes when a settings panel opens,
// when the canvas holds a WordPress or iframe node, or when the browser is
// idle a few seconds after the canvas draws (web/src/canvas/urlRules.ts).
import { kinds, type NodeKind } from "@dastyar/rules";
import { openCanvas, signedInWithProject, watchRequests } from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";
import { fa } from "./ui.ts";

const MAIN = /^\/assets\/dastyar_wasm_bg-[\w-]+\.wasm$/;
const LAZY = /^\/assets\/dastyar_wasm_lazy_bg-[\w-]+\.wasm$/;
const URLS = /^\/assets\/dastyar_wasm_urls_bg-[\w-]+\.wasm$/;
const label = (kind: NodeKind) => kinds().find((k) => k.kind === kind)!.label;

async function canvasWatchingWasm(page: Page) {
  const { projectId } = await signedInWithProject(page, "بار نخست");
  const main = watchRequests(page, MAIN);
  const lazy = watchRequests(page, LAZY);
  const urls = watchRequests(page, URLS);
  await openCanvas(page, projectId);
  await expect(page.getByRole("button", { name: fa.canvas.addNamed(label("sms")), exact: true })).toBeVisible();
  return { main, lazy, urls };
}

test("the canvas draws with the main rules fetched once and the lazy ones not yet; the palette's search brings them", async ({ page }) => {
  const { main, lazy, urls } = await canvasWatchingWasm(page);
  expect(main).toHaveLength(1);
  expect(urls).toHaveLength(0);
  expect(await page.locator('link[rel="preload"][as="fetch"]').getAttribute("href")).toBe(new URL(main[0].url()).pathname);
  expect(lazy).toHaveLength(0);

  const palette = page.getByRole("navigation", { name: fa.canvas.palette });
  const search = palette.getByRole("searchbox", { name: fa.palette.search });
  // «پیامک» typed with Arabic yeh and kaf: core's normaliser, from the lazy module, finds it.
  await search.fill("پيامك");
  await expect(palette.locator("button[data-kind]")).toHaveCount(1);
  await expect(palette.locator('button[data-kind="sms"]')).toBeVisible();
  expect(lazy).toHaveLength(1);
  expect(main).toHaveLength(1);
});

test("a scheduler's panel fetches the lazy rules once and previews the next runs", async ({ page }) => {
  const { lazy } = await canvasWatchingWasm(page);
  await page.getByRole("button", { name: fa.canvas.addNamed(label("scheduler")), exact: true }).click();
  const card = page.locator('article[data-kind="scheduler"]');
  await expect(card.getByTestId("node-status")).toHaveAttribute("data-status", "success");
  expect(lazy).toHaveLength(0);

  await card.locator("header").click({ position: { x: 10, y: 5 } });
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "scheduler");
  await expect(panel.getByTestId("schedule-preview").locator("li")).toHaveCount(5);
  expect(lazy).toHaveLength(1);
});

test("a settings panel fetches the URL rules once when it first opens, and shows its checks", async ({ page }) => {
  const { urls } = await canvasWatchingWasm(page);
  await page.getByRole("button", { name: fa.canvas.addNamed(label("sms")), exact: true }).click();
  const card = page.locator('article[data-kind="sms"]');
  await expect(card.getByTestId("node-status")).toHaveAttribute("data-status", "success");
  expect(urls).toHaveLength(0);

  await card.locator("header").click({ position: { x: 10, y: 5 } });
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "sms");
  expect(urls).toHaveLength(1);
  // A receptor that is no mobile number: prepareNodeData, from the URL module, says so.
  const receptor = panel.getByRole("textbox", { name: fa.nodes.sms.receptor, exact: true });
  await expect(receptor).not.toHaveAttribute("aria-invalid", "true");
  await receptor.fill("123");
  await expect(receptor).toHaveAttribute("aria-invalid", "true");
  await expect(panel.getByText(fa.canvas.panel.invalid)).toBeVisible();
  expect(urls).toHaveLength(1);
});

test("a WordPress node on the canvas brings the URL rules before any panel opens", async ({ page }) => {
  const { urls } = await canvasWatchingWasm(page);
  expect(urls).toHaveLength(0);
  await page.getByRole("button", { name: fa.canvas.addNamed(label("wordpress")), exact: true }).click();
  await expect(page.locator('article[data-kind="wordpress"]')).toBeVisible();
  await expect.poll(() => urls.length).toBe(1);
  await expect(page.getByTestId("settings-panel")).toHaveCount(0);
});

test("left idle after it draws, the canvas fetches the URL rules once, and the first panel opens without fetching them again", async ({
  page,
}) => {
  const { urls } = await canvasWatchingWasm(page);
  expect(urls, "not before the canvas draws").toHaveLength(0);
  await expect.poll(() => urls.length, { timeout: 15_000, message: "fetched when idle" }).toBe(1);

  await page.getByRole("button", { name: fa.canvas.addNamed(label("sms")), exact: true }).click();
  const card = page.locator('article[data-kind="sms"]');
  await expect(card.getByTestId("node-status")).toHaveAttribute("data-status", "success");
  await card.locator("header").click({ position: { x: 10, y: 5 } });
  await expect(page.getByTestId("settings-panel")).toHaveAttribute("data-kind", "sms");
  expect(urls).toHaveLength(1);
});
