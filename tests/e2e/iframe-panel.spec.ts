// The iframe node's settings panel, end to end: a builder signs up, gives the
// frame a company, a site and a look, saves, makes the embed code from the
// panel (the line to paste names the frame's key), sees the frame inactive
// until an assistant is joined and live after, then previews the chat in a
// new tab: the frame's own window in its look, answering with the fake
// model's streamed echo, and the same conversation the next time.
import { createEdgeVia, createNodeVia, storedNode } from "./canvas-api.ts";
import { node, reloadCanvas, signUpWithProject } from "./canvas-ui.ts";
import { expect, serverUrl, test, type Page } from "./fixtures.ts";
import { chatText } from "../../web/widget/i18n.ts";
import { fa } from "./ui.ts";
import { newAccount } from "./api.ts";

const t = fa.nodes.iframe;
const COMPANY = "کتاب‌فروشی نمونه";
const DOMAIN = "shop.example.ir";
const TITLE = "پشتیبانی کتاب‌فروشی";
const WELCOME = "سلام! دربارهٔ سفارش یا کتاب‌ها بپرسید.";

/** Opens the settings panel of the node with canvas id `id`. */
async function openPanel(page: Page, id: string) {
  const card = node(page, id);
  await expect(card.getByTestId("node-status")).toHaveAttribute("data-status", "success");
  await card.locator("header").click({ position: { x: 10, y: 5 } });
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "iframe");
  return panel;
}

test("iframe panel: register the frame, see it go live when an assistant joins, and preview the chat in a new tab", async ({
  page,
  context,
}) => {
  const { projectId, token } = await signUpWithProject(page, newAccount("سازندهٔ سایت"), "سایت کتاب‌فروشی");
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار کتاب‌فروشی", { x: 0, y: 0 });
  const iframe = await createNodeVia(token, projectId, "iframe", "گفتگوی سایت", { x: -450, y: 0 });
  await reloadCanvas(page);

  const panel = await openPanel(page, iframe.id);
  const field = (name: string) => panel.locator(`[name="${name}"]`);
  const state = panel.getByTestId("frame-state");
  const register = panel.getByTestId("frame-register");

  // Nothing registered yet: the panel says the register button makes the code.
  await expect(state).toHaveAttribute("data-state", "unregistered");
  await expect(state).toContainText(t.site.unregisteredNote);
  await expect(panel.getByTestId("frame-script")).toHaveCount(0);
  await expect(field("style")).toHaveCount(0);
  await expect(register).toBeDisabled();
  await expect(panel.getByTestId("frame-register-blocked")).toHaveText(t.register.noCompany);

  // The company, the site and the look; unsaved, nothing can be registered.
  await field("companyName").fill(COMPANY);
  await field("authorizedDomains").fill(DOMAIN);
  await field("appearance.title").fill(TITLE);
  await field("appearance.welcome").fill(WELCOME);
  await field("appearance.color").fill("#0EA5E9");
  await expect(field("appearance.colorPicker")).toHaveValue("#0ea5e9");
  await panel.getByRole("radio", { name: t.look.positions["bottom-left"] }).check();
  await expect(register).toBeDisabled();
  await expect(panel.getByTestId("frame-register-blocked")).toHaveText(t.register.dirty);

  const saved = page.waitForResponse((r) => r.url() === `${serverUrl()}/api/iframe/${iframe.database_id}` && r.request().method() === "PATCH");
  await panel.getByTestId("panel-save").click();
  expect((await saved).ok()).toBe(true);

  // Registered from the panel: the embed line with the frame's key, and the hint where to paste it.
  await expect(register).toBeEnabled();
  await expect(register).toHaveText(t.register.register);
  const registered = page.waitForResponse((r) => r.url() === `${serverUrl()}/api/frames/register` && r.request().method() === "POST");
  await register.click();
  const answer = await registered;
  expect(answer.status()).toBe(200);
  const frame = (await answer.json()) as { public_key: string; script: string };
  expect(frame.public_key).toMatch(/^fr_/);
  await expect(panel.getByTestId("frame-register-done")).toHaveText(t.register.registered);
  const script = panel.getByTestId("frame-script");
  await expect(script).toHaveValue(frame.script);
  await expect(script).toHaveValue(new RegExp(`data-frame="${frame.public_key}"`));
  await expect(panel.getByText(t.embed.hint)).toBeVisible();
  await expect(panel.locator('[data-fact="apiKey"] dd')).toHaveText(frame.public_key);
  // The canvas node holds what the server wrote.
  expect((await storedNode(token, projectId, iframe.id))?.data).toMatchObject({ apiKey: frame.public_key, script: frame.script });

  // No assistant yet: inactive, and why.
  await expect(state).toHaveAttribute("data-state", "inactive");
  await expect(panel.getByTestId("frame-state-badge")).toHaveText(t.site.states.inactive);
  await expect(state).toContainText(t.site.noAssistantNote);

  // An assistant joins the frame: live after a reload.
  await createEdgeVia(token, projectId, assistant, iframe);
  await reloadCanvas(page);
  const again = await openPanel(page, iframe.id);
  const liveState = again.getByTestId("frame-state");
  await expect(liveState).toHaveAttribute("data-state", "live");
  await expect(again.getByTestId("frame-state-badge")).toHaveText(t.site.states.live);
  await expect(liveState).toContainText(t.site.liveNote);
  await expect(again.locator('[name="appearance.title"]')).toHaveValue(TITLE);
  await expect(again.getByRole("radio", { name: t.look.positions["bottom-left"] })).toBeChecked();

  // The preview: the frame's chat page in a new tab, as a preview visitor kept in this browser.
  const opened = context.waitForEvent("page");
  await again.getByTestId("frame-preview").click();
  const chat = await opened;
  await chat.waitForLoadState();
  const url = new URL(chat.url());
  expect(`${url.origin}${url.pathname}`).toBe(`${serverUrl()}/embed/${frame.public_key}`);
  const fragment = new URLSearchParams(url.hash.slice(1));
  expect(fragment.get("token")).toBeTruthy();
  const visitor = fragment.get("visitor");
  expect(visitor).toMatch(/^preview_/);
  expect(await page.evaluate((id) => localStorage.getItem(`dastyar.framePreview.${id}`), iframe.database_id)).toBe(visitor);

  // In the frame's look, with its welcome; a question gets the fake model's answer, streamed.
  await expect(chat.getByRole("heading", { name: TITLE })).toBeVisible();
  const log = chat.getByRole("log", { name: chatText.messages });
  await expect(log.locator(".dc-bot").first()).toContainText(WELCOME);
  const question = "ارسال کتاب به شیراز چند روز طول می‌کشد؟";
  await chat.getByRole("textbox", { name: chatText.input }).fill(question);
  await chat.getByRole("button", { name: chatText.send }).click();
  await expect(log.locator(".dc-user")).toContainText(question);
  const reply = log.locator(".dc-bot").last();
  await expect(reply).toContainText(`پاسخ: ${question}`);
  await expect(reply).toHaveAttribute("aria-busy", "false");
  await chat.close();

  // Previewed again: the same visitor, and the conversation is still there.
  const reopened = context.waitForEvent("page");
  await again.getByTestId("frame-preview").click();
  const back = await reopened;
  await back.waitForLoadState();
  expect(new URLSearchParams(new URL(back.url()).hash.slice(1)).get("visitor")).toBe(visitor);
  const backLog = back.getByRole("log", { name: chatText.messages });
  await expect(backLog.locator(".dc-user")).toContainText(question);
  await expect(backLog.locator(".dc-bot").last()).toContainText(`پاسخ: ${question}`);
  await back.close();
});
