// Google docs: the owner adds a doc node, names the document, presses
// «اجازه از گوگل», consents on the (fake) Google and comes back to the
// canvas with that node's panel open, saying how it ended; the doc is read
// until it is ready. Declining on Google's page brings the Persian reason
// back instead. The fake Google is scripted over HTTP (tests/fakes, /_fake/*).
import { kinds, message } from "@dastyar/rules";
import type { Locator } from "@playwright/test";
import { createProject, newAccount, register } from "./api.ts";
import { addButton, node, openCanvas } from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";
import { fa, signIn } from "./ui.ts";

const words = fa.nodes.googledoc;
const GOOGLEDOC = kinds().find((k) => k.kind === "googledoc")!.label;

/** An address of the Google fake's control API. */
function fakeGoogle(path: string): string {
  const base = process.env.DASTYAR_E2E_FAKE_GOOGLE;
  if (!base) throw new Error("e2e: DASTYAR_E2E_FAKE_GOOGLE is unset; run through playwright.config.ts");
  return `${base}/_fake/${path}`;
}

async function tellGoogle(path: string, body: unknown): Promise<void> {
  const answer = await fetch(fakeGoogle(path), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.text()).toBe(204);
}

/** A signed-in owner on a new project's canvas with a Google doc node naming `docId`, saved; its canvas id and project. */
async function docNode(page: Page, docId: string, name: string): Promise<{ id: string; projectId: number }> {
  const account = newAccount("مهسا");
  const { token } = await register(account);
  const projectId = (await createProject(token, "دانش گوگل")).id;
  await signIn(page, account);
  await openCanvas(page, projectId);

  await addButton(page, GOOGLEDOC).click();
  const card = page.locator('article[data-kind="googledoc"]');
  await expect(card.getByTestId("node-status")).toHaveAttribute("data-status", "success");
  const id = ((await card.getAttribute("data-testid")) ?? "").slice("node-".length);
  expect(id).toMatch(/^googledoc-\d+$/);
  await card.locator("header").click();
  const panel = page.getByTestId("settings-panel");
  await panel.getByLabel(words.docId).fill(docId);
  await panel.getByLabel(words.docName).fill(name);
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/api/"));
  await panel.getByTestId("panel-save").click();
  expect((await saved).ok()).toBe(true);
  await expect(node(page, id).getByTestId("node-summary")).toHaveText(name);
  return { id, projectId };
}

/** Presses «اجازه از گوگل» and follows the browser to Google and back: the panel the canvas opens. */
async function authorize(page: Page, projectId: number): Promise<Locator> {
  const panel = page.getByTestId("settings-panel");
  const consent = page.waitForRequest((r) => r.url().startsWith(process.env.DASTYAR_E2E_FAKE_GOOGLE ?? "?"));
  await panel.getByTestId("google-authorize").click();
  expect(new URL((await consent).url()).searchParams.get("code_challenge_method")).toBe("S256");
  // Back on the canvas, the query that said how it ended is gone from the address.
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute("data-kind", "googledoc");
  return panel;
}

test("a Google doc is authorised on Google, comes back with its panel open, and is read until ready", async ({ page }) => {
  await tellGoogle("docs", {
    id: "doc-e2e-shipping",
    name: "راهنمای ارسال",
    text: "سفارش‌های تهران ظرف دو روز کاری می‌رسند و ارسال بالای ۵۰۰ هزار تومان رایگان است.",
  });
  const { id, projectId } = await docNode(page, "doc-e2e-shipping", "راهنمای ارسال");
  await expect(node(page, id).getByTestId("node-auth")).toHaveText(words.notAuthorized);

  const panel = await authorize(page, projectId);
  await expect(panel.getByTestId("google-return")).toHaveText(words.authorizedNow);
  await expect(panel.locator('[data-fact="auth_status"]')).toContainText(words.authorized);
  await expect(node(page, id).getByTestId("node-auth")).toHaveCount(0);
  const state = panel.getByTestId("google-document").getByTestId("document-state");
  await expect(state).toHaveAttribute("data-state", "ready", { timeout: 30_000 });

  // A reload does not say it again: the address no longer holds it.
  await page.reload();
  await expect(page.getByTestId("flow-pane")).toBeVisible();
  await expect(page.getByTestId("settings-panel")).toHaveCount(0);
  await node(page, id).locator("header").click();
  await expect(panel.getByTestId("google-document").getByTestId("document-state")).toHaveAttribute("data-state", "ready");
  await expect(panel.getByTestId("google-return")).toHaveCount(0);
});

test("declining on Google's page brings the owner back to the node's panel with the reason in Persian", async ({ page }) => {
  const { id, projectId } = await docNode(page, "doc-e2e-declined", "سیاست بازگشت");
  await tellGoogle("decline_consent", { decline: true });
  try {
    const panel = await authorize(page, projectId);
    await expect(panel.getByRole("alert")).toHaveText(message("google_access_denied", {}));
    await expect(panel.locator('[data-fact="auth_status"]')).toContainText(words.pending);
    await expect(node(page, id).getByTestId("node-auth")).toHaveText(words.notAuthorized);
  } finally {
    await tellGoogle("decline_consent", { decline: false });
  }
});
