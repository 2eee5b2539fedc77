// What the canvas specs do through the interface: open a canvas, find a node
// card and its status, drag edges and nodes with the mouse, watch requests.
import type { NodeKind } from "@dastyar/rules";
import type { Locator, Request } from "@playwright/test";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { createProject, newAccount, register, type Account } from "./api.ts";
import { expect, type Page } from "./fixtures.ts";
import { ARTIFACTS } from "./paths.ts";
import { card, fa, notification, signIn, signUp } from "./ui.ts";

export { fa, notification };

/** The session's bearer token, as the web app keeps it. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("dastyar.token"));
  if (!token) throw new Error("e2e: no token in localStorage; not signed in?");
  return token;
}

/** Signs up through the form, creates project `name` through the form and opens its canvas. */
export async function signUpWithProject(page: Page, account: Account, name: string): Promise<{ projectId: number; token: string }> {
  await signUp(page, account);
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByLabel(fa.projects.newName).fill(name);
  await page.getByRole("button", { name: fa.projects.create }).click();
  await expect(notification(page, fa.projects.created(name))).toBeVisible();
  await card(page, name).getByRole("link", { name: fa.projects.open, exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  const projectId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByTestId("canvas-project-name")).toHaveText(name);
  await expect(page.getByTestId("flow-pane")).toBeVisible();
  return { projectId, token: await tokenOf(page) };
}

/** A new account with project `name`, made through the API, signed in (the canvas not opened yet). */
export async function signedInWithProject(page: Page, name: string): Promise<{ token: string; projectId: number }> {
  const account = newAccount();
  const { token } = await register(account);
  const project = await createProject(token, name);
  await signIn(page, account);
  return { token, projectId: project.id };
}

/** Signs in (the account exists) and opens project `projectId`'s canvas. */
export async function signInToCanvas(page: Page, account: Account, projectId: number): Promise<void> {
  await signIn(page, account);
  await openCanvas(page, projectId);
}

export async function openCanvas(page: Page, projectId: number): Promise<void> {
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByTestId("flow-pane")).toBeVisible();
}

/** Reloads the canvas and waits until it shows again. */
export async function reloadCanvas(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByTestId("flow-pane")).toBeVisible();
}

/** The card of the node with canvas id `id`. */
export function node(page: Page, id: string): Locator {
  return page.getByTestId(`node-${id}`);
}

/** Every card of kind `kind` on the canvas. */
export function nodesOfKind(page: Page, kind: NodeKind): Locator {
  return page.locator(`article[data-kind="${kind}"]`);
}

/** A node card's status badge. */
export function statusOf(nodeCard: Locator): Locator {
  return nodeCard.getByTestId("node-status");
}

/** The canvas id of a node card (`vectorstore-12`, or a temporary one). */
export async function canvasIdOf(nodeCard: Locator): Promise<string> {
  const testId = await nodeCard.getAttribute("data-testid");
  if (!testId?.startsWith("node-")) throw new Error(`e2e: not a node card (${testId})`);
  return testId.slice("node-".length);
}

/** React Flow's wrapper of the node with canvas id `id` (the element it drags and selects). */
export function flowNode(page: Page, id: string): Locator {
  return page.locator(`.react-flow__node[data-id="${id}"]`);
}

/** The palette's add button for a kind's Persian label. */
export function addButton(page: Page, label: string): Locator {
  return page.getByRole("button", { name: fa.canvas.addNamed(label), exact: true });
}

async function centreOf(target: Locator): Promise<{ x: number; y: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error("e2e: element has no box (not rendered?)");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse from the middle of `from` to `to`, in small steps. */
export async function dragMouse(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 20): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // A first small move starts React Flow's drag before the long one.
  await page.mouse.move(from.x + 4, from.y + 4, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

/** Draws React Flow's selection box (Shift and drag) from `from` to `to`, screen points. */
export async function boxSelect(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.keyboard.down("Shift");
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
  await page.keyboard.up("Shift");
}

/** Draws a connection from `source`'s output handle to `target`'s input handle. */
export async function connect(page: Page, sourceId: string, targetId: string): Promise<void> {
  const from = await centreOf(flowNode(page, sourceId).locator(".react-flow__handle.source"));
  const to = await centreOf(flowNode(page, targetId).locator(".react-flow__handle.target"));
  await dragMouse(page, from, to);
}

/** Drags node `id` by its header by (dx, dy) screen pixels. */
export async function dragNodeBy(page: Page, id: string, dx: number, dy: number): Promise<void> {
  const header = node(page, id).locator("header");
  const from = await centreOf(header);
  await dragMouse(page, from, { x: from.x + dx, y: from.y + dy });
}

/** Drags node `id` by its header so that the header's middle lands at `to`. */
export async function dragNodeTo(page: Page, id: string, to: { x: number; y: number }): Promise<void> {
  const from = await centreOf(node(page, id).locator("header"));
  await dragMouse(page, from, to);
}

/** A node's box on screen. */
export async function screenBox(target: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error("e2e: element has no box");
  return box;
}

/** Every request whose path matches `path` (and method, when given) from now on. */
export function watchRequests(page: Page, path: RegExp, method?: string): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (path.test(new URL(request.url()).pathname) && (!method || request.method() === method)) seen.push(request);
  });
  return seen;
}

/** Width and height from a PNG data URL's IHDR chunk. */
export function pngSize(dataUrl: string): { width: number; height: number } {
  const prefix = "data:image/png;base64,";
  if (!dataUrl.startsWith(prefix)) throw new Error(`e2e: not a PNG data URL: ${dataUrl.slice(0, 40)}`);
  const bytes = Buffer.from(dataUrl.slice(prefix.length), "base64");
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error("e2e: no PNG signature");
  if (bytes.subarray(12, 16).toString("ascii") !== "IHDR") throw new Error("e2e: first chunk is not IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Saves a screenshot of the canvas page under artifacts/. */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** The flow's pan and zoom as React Flow has applied them. */
export async function viewportOf(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  return page
    .getByTestId("flow-pane")
    .locator(".react-flow__viewport")
    .evaluate((el) => {
      const m = new DOMMatrix(getComputedStyle(el).transform);
      return { x: m.e, y: m.f, zoom: m.a };
    });
}

/** Where node `id` is drawn, in flow coordinates (absolute, whatever it is inside), read from the screen. */
export async function drawnAt(page: Page, id: string): Promise<{ x: number; y: number }> {
  const flow = await screenBox(page.getByTestId("flow-pane").locator(".react-flow").first());
  const view = await viewportOf(page);
  const box = await screenBox(flowNode(page, id));
  return { x: (box.x - flow.x - view.x) / view.zoom, y: (box.y - flow.y - view.y) / view.zoom };
}

/** The RGB hex colour of a PNG data URL's top-left pixel (never filtered against a neighbour). */
export function pngTopLeft(dataUrl: string): string {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  const colourType = bytes[25];
  const chunks: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString("ascii");
    if (type === "IDAT") chunks.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(chunks));
  if (colourType !== 2 && colourType !== 6) throw new Error(`e2e: PNG colour type ${colourType}`);
  // Byte 0 is the first line's filter; with nothing to its left or above, the first pixel is as stored.
  return `#${[1, 2, 3].map((i) => pixels[i]!.toString(16).padStart(2, "0")).join("")}`;
}
