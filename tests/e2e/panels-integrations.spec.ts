// The integration kinds' settings panels, end to end: each node is added
// from the palette (the container from the toolbar), its panel is filled
// with valid values, saved, and the values come back after a reload; invalid
// values show the rules' Persian problem and keep the save button disabled.
import { canvasId, constants, kinds, message, type NodeKind } from "@dastyar/rules";
import { createProject, newAccount, register } from "./api.ts";
import { createEdgeVia, createNodeVia } from "./canvas-api.ts";
import { expect, serverUrl, test, type Page } from "./fixtures.ts";
import { formatDigits } from "../../web/src/format/number.ts";
import { fa, signIn } from "./ui.ts";

const label = (kind: NodeKind) => kinds().find((k) => k.kind === kind)!.label;
const problem = (code: Parameters<typeof message>[0]) => message(code, {});

/** A new account with one project, its canvas open. */
async function openCanvas(page: Page): Promise<{ token: string; projectId: number }> {
  const account = newAccount();
  const { token } = await register(account);
  const project = await createProject(token, "یکپارچه‌سازی‌ها");
  await signIn(page, account);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByTestId("flow-pane")).toBeVisible();
  return { token, projectId: project.id };
}

/** The card of the one node of `kind`, once it is saved (its badge says success). */
async function settledCard(page: Page, kind: NodeKind) {
  const card = page.locator(`article[data-kind="${kind}"]`);
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("node-status")).toHaveAttribute("data-status", "success");
  const testId = await card.getAttribute("data-testid");
  expect(testId).toMatch(new RegExp(`^node-${kind}-\\d+$`));
  return page.locator(`[data-testid="${testId}"]`);
}

/** Adds a node of `kind` from the palette and waits until it is saved. */
async function addFromPalette(page: Page, kind: NodeKind) {
  await page.getByRole("button", { name: fa.canvas.addNamed(label(kind)), exact: true }).click();
  return settledCard(page, kind);
}

/** Opens the card's settings panel. */
async function openPanel(page: Page, card: Awaited<ReturnType<typeof settledCard>>, kind: NodeKind) {
  // The header's top corner: cards added one after another overlap below it.
  await card.locator("header").click({ position: { x: 10, y: 5 } });
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", kind);
  return panel;
}

/** Saves the panel and waits for the server's answer to the update. */
async function save(page: Page, panel: ReturnType<Page["getByTestId"]>, path: RegExp) {
  const button = panel.getByTestId("panel-save");
  await expect(button).toBeEnabled();
  const answered = page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.request().method() === "PATCH");
  await button.click();
  expect((await answered).ok()).toBe(true);
}

/** Reloads the canvas and opens the node's panel again. */
async function reopen(page: Page, kind: NodeKind) {
  await page.reload();
  const card = await settledCard(page, kind);
  return { card, panel: await openPanel(page, card, kind) };
}

const field = (panel: ReturnType<Page["getByTestId"]>, name: string) => panel.locator(`[name="${name}"]`);

test("sms: receptors are normalised, bad phones and short keys are refused, the estimate is live", async ({ page }) => {
  await openCanvas(page);
  const card = await addFromPalette(page, "sms");
  const panel = await openPanel(page, card, "sms");
  const saveButton = panel.getByTestId("panel-save");

  // A 10-character key is refused, and nothing can be saved.
  await field(panel, "apiKey").fill("abcdefghij");
  await expect(panel.getByText(problem("sms_api_key_invalid"), { exact: true })).toBeVisible();
  await expect(saveButton).toBeDisabled();
  const key = "Ab1+/=".repeat(8); // 48 characters
  await field(panel, "apiKey").fill(key);
  await expect(panel.getByText(problem("sms_api_key_invalid"), { exact: true })).toHaveCount(0);

  // A number that is not an Iranian mobile is refused too.
  await field(panel, "receptor").fill("12345");
  await expect(panel.getByText(problem("phone_invalid"), { exact: true })).toBeVisible();
  await expect(saveButton).toBeDisabled();
  await field(panel, "receptor").fill("+98 912 345 6789");
  await expect(panel.getByText(fa.nodes.sms.normalised(["09123456789"]))).toBeVisible();

  // Not complete until there is a message; the estimate follows the text.
  await expect(panel.getByTestId("sms-completeness")).toHaveAttribute("data-complete", "false");
  await field(panel, "message").fill("سلام دنیا");
  await expect(panel.getByTestId("sms-estimate")).toHaveText(fa.nodes.sms.estimate(9, 1, 70, 150));
  await field(panel, "message").fill("a".repeat(161));
  await expect(panel.getByTestId("sms-estimate")).toHaveText(fa.nodes.sms.estimate(161, 2, 153, 300));
  await field(panel, "message").fill("سلام دنیا");
  await expect(panel.getByTestId("sms-completeness")).toHaveAttribute("data-complete", "true");

  await save(page, panel, /^\/api\/sms\/\d+$/);
  await expect(card).toContainText(fa.nodes.sms.receptors(1));
  await expect(card).toContainText(fa.nodes.sms.sendMethods.simple);

  const again = await reopen(page, "sms");
  await expect(field(again.panel, "receptor")).toHaveValue("09123456789");
  // Secrets come back masked: the end of a long one shows, the field is read-only.
  await expect(field(again.panel, "apiKey")).toHaveValue(`${constants().secretMask}1+/=`);
  await expect(field(again.panel, "apiKey")).toHaveAttribute("readonly", "");
  await expect(field(again.panel, "message")).toHaveValue("سلام دنیا");

  // The template method asks for the template fields instead of the message.
  await field(again.panel, "sendMethod").selectOption("template");
  await expect(field(again.panel, "message")).toHaveCount(0);
  await field(again.panel, "template").fill("verify");
  await field(again.panel, "token").fill("1234");
  await field(again.panel, "receptor").fill("09123456789, 0935 111 2233");
  await save(page, again.panel, /^\/api\/sms\/\d+$/);
  await expect(again.card).toContainText(fa.nodes.sms.receptors(2));
  const last = await reopen(page, "sms");
  await expect(field(last.panel, "sendMethod")).toHaveValue("template");
  await expect(field(last.panel, "receptor")).toHaveValue("09123456789,09351112233");
  await expect(field(last.panel, "template")).toHaveValue("verify");
});

test("scheduler: interval or cron, an empty cron is refused, the next runs are previewed", async ({ page }) => {
  await openCanvas(page);
  const card = await addFromPalette(page, "scheduler");
  await expect(card).toContainText(fa.nodes.scheduler.schedule.every(5, "minutes"));
  const panel = await openPanel(page, card, "scheduler");
  const preview = panel.getByTestId("schedule-preview").locator("li");
  await expect(preview).toHaveCount(5);

  await field(panel, "scheduleType").selectOption("cron");
  await expect(panel.getByText(problem("cron_empty"), { exact: true })).toBeVisible();
  await expect(panel.getByTestId("panel-save")).toBeDisabled();
  await expect(preview).toHaveCount(0);

  await field(panel, "cronExpression").fill("not cron");
  await expect(panel.getByText(problem("cron_invalid"), { exact: true })).toBeVisible();
  await field(panel, "cronExpression").fill("30 9 * * *");
  await field(panel, "timezone").selectOption("UTC");
  await expect(preview).toHaveCount(5);
  // 09:30 in the chosen zone, in Persian digits.
  await expect(preview.first()).toContainText("\u06F0\u06F9:\u06F3\u06F0");
  await field(panel, "maxRuns").fill("12");
  await save(page, panel, /^\/api\/scheduler\/\d+$/);
  await expect(card).toContainText(fa.nodes.scheduler.schedule.cron("30 9 * * *"));
  await expect(card).toContainText(fa.nodes.scheduler.schedule.inactive);

  const again = await reopen(page, "scheduler");
  await expect(field(again.panel, "scheduleType")).toHaveValue("cron");
  await expect(field(again.panel, "cronExpression")).toHaveValue("30 9 * * *");
  await expect(field(again.panel, "timezone")).toHaveValue("UTC");
  await expect(field(again.panel, "maxRuns")).toHaveValue(formatDigits(12));

  // Back to an interval: zero is refused by the rules.
  await field(again.panel, "scheduleType").selectOption("interval");
  await field(again.panel, "intervalValue").fill("0");
  await expect(again.panel.getByText(problem("interval_invalid"), { exact: true })).toBeVisible();
  await expect(again.panel.getByTestId("panel-save")).toBeDisabled();
  await field(again.panel, "intervalValue").fill("2");
  await field(again.panel, "intervalUnit").selectOption("hours");
  await save(page, again.panel, /^\/api\/scheduler\/\d+$/);
  await expect(again.card).toContainText(fa.nodes.scheduler.schedule.every(2, "hours"));
});

test("trigger: the message template is required, the schedule and context are saved", async ({ page }) => {
  await openCanvas(page);
  const card = await addFromPalette(page, "trigger");
  const panel = await openPanel(page, card, "trigger");
  await expect(panel.getByText(problem("message_template_empty"), { exact: true })).toBeVisible();
  await expect(panel.getByText(fa.nodes.trigger.neverRan)).toBeVisible();

  await field(panel, "messageTemplate").fill("گزارش روزانهٔ فروش را بفرست");
  await expect(panel.getByText(problem("message_template_empty"), { exact: true })).toHaveCount(0);
  await field(panel, "contextData").fill('{"shop": "tehran"}');
  await field(panel, "intervalValue").fill("30");
  await field(panel, "intervalUnit").selectOption("seconds");
  await save(page, panel, /^\/api\/trigger\/\d+$/);
  await expect(card).toContainText(fa.nodes.scheduler.schedule.every(30, "seconds"));
  await expect(card).toContainText("گزارش روزانهٔ فروش");

  const again = await reopen(page, "trigger");
  await expect(field(again.panel, "messageTemplate")).toHaveValue("گزارش روزانهٔ فروش را بفرست");
  await expect(field(again.panel, "intervalValue")).toHaveValue(formatDigits(30));
  await expect(field(again.panel, "intervalUnit")).toHaveValue("seconds");
  expect(JSON.parse(await field(again.panel, "contextData").inputValue())).toEqual({ shop: "tehran" });

  await field(again.panel, "scheduleType").selectOption("cron");
  await expect(again.panel.getByText(problem("cron_empty"), { exact: true })).toBeVisible();
  await expect(again.panel.getByTestId("panel-save")).toBeDisabled();
});

test("wordpress: the site address loses its trailing slash, the credentials are checked", async ({ page }) => {
  await openCanvas(page);
  const card = await addFromPalette(page, "wordpress");
  await expect(card).toContainText(fa.nodes.wordpress.noSite);
  const panel = await openPanel(page, card, "wordpress");
  await expect(field(panel, "postStatus")).toHaveValue("draft");
  await expect(field(panel, "postFormat")).toHaveValue("standard");
  await expect(field(panel, "authType")).toHaveValue("application_password");

  await field(panel, "siteUrl").fill("ftp://blog.example.ir");
  await expect(panel.getByText(problem("wordpress_url_invalid"), { exact: true })).toBeVisible();
  await expect(panel.getByTestId("panel-save")).toBeDisabled();
  await field(panel, "siteUrl").fill("https://Blog.Example.ir/");
  await expect(panel.getByText(fa.nodes.wordpress.normalised("https://blog.example.ir"))).toBeVisible();

  await expect(panel.getByTestId("wordpress-auth")).toHaveAttribute("data-complete", "false");
  await field(panel, "authData.username").fill("editor");
  await field(panel, "authData.applicationPassword").fill("abcd efgh ijkl mnop");
  await expect(panel.getByTestId("wordpress-auth")).toHaveAttribute("data-complete", "true");
  await field(panel, "postStatus").selectOption("publish");
  await field(panel, "defaultCategory").fill("7");
  await field(panel, "defaultTags").fill("3, 4");
  await panel.getByLabel(fa.nodes.wordpress.autoPublish).check();
  await field(panel, "description").fill("وبلاگ فروشگاه");
  await save(page, panel, /^\/api\/wordpress\/\d+$/);
  await expect(card).toContainText("blog.example.ir");

  const again = await reopen(page, "wordpress");
  await expect(field(again.panel, "siteUrl")).toHaveValue("https://blog.example.ir");
  await expect(field(again.panel, "authData.username")).toHaveValue("editor");
  await expect(field(again.panel, "authData.applicationPassword")).toHaveValue(`${constants().secretMask}mnop`);
  await expect(field(again.panel, "postStatus")).toHaveValue("publish");
  await expect(field(again.panel, "defaultCategory")).toHaveValue(formatDigits(7));
  await expect(field(again.panel, "defaultTags")).toHaveValue("3\n4");
  await expect(again.panel.getByLabel(fa.nodes.wordpress.autoPublish)).toBeChecked();
  await expect(field(again.panel, "description")).toHaveValue("وبلاگ فروشگاه");

  // JWT needs only its token.
  await field(again.panel, "authType").selectOption("jwt");
  await expect(again.panel.getByTestId("wordpress-auth")).toHaveAttribute("data-complete", "false");
  await field(again.panel, "authData.jwtToken").fill("eyJhbGciOi");
  await expect(again.panel.getByTestId("wordpress-auth")).toHaveAttribute("data-complete", "true");
});

test("telegram: a malformed token is refused; the bot's username shows on its card", async ({ page }) => {
  await openCanvas(page);
  const card = await addFromPalette(page, "telegram");
  await expect(card).toContainText(fa.nodes.telegram.noToken);
  const panel = await openPanel(page, card, "telegram");
  const token = field(panel, "bot_token");
  await expect(token).toHaveAttribute("type", "password");
  await panel.getByLabel(fa.nodes.telegram.showToken).check();
  await expect(token).toHaveAttribute("type", "text");

  await token.fill("not-a-token");
  await expect(panel.getByText(problem("telegram_token_invalid"), { exact: true })).toBeVisible();
  await expect(panel.getByTestId("panel-save")).toBeDisabled();
  await token.fill("123456789:AAH-dastyar_Token");
  await field(panel, "bot_username").fill("dastyar_shop_bot");
  await field(panel, "bot_name").fill("ربات فروشگاه");
  await save(page, panel, /^\/api\/telegram\/\d+$/);
  await expect(card).toContainText("@dastyar_shop_bot");

  const again = await reopen(page, "telegram");
  const mask = constants().secretMask;
  await expect(field(again.panel, "bot_token")).toHaveValue(`${mask}oken`);
  await expect(field(again.panel, "bot_username")).toHaveValue("dastyar_shop_bot");
  await expect(field(again.panel, "bot_name")).toHaveValue("ربات فروشگاه");

  // Saving other fields keeps the token; "replace" asks for a new one, "keep" takes it back.
  await field(again.panel, "bot_name").fill("ربات پشتیبانی");
  await again.panel.getByRole("button", { name: fa.canvas.secret.replace }).click();
  await expect(field(again.panel, "bot_token")).toHaveValue("");
  await again.panel.getByRole("button", { name: fa.canvas.secret.keep }).click();
  await expect(field(again.panel, "bot_token")).toHaveValue(`${mask}oken`);
  await save(page, again.panel, /^\/api\/telegram\/\d+$/);
  const kept = await reopen(page, "telegram");
  await expect(field(kept.panel, "bot_token")).toHaveValue(`${mask}oken`);
  await expect(field(kept.panel, "bot_name")).toHaveValue("ربات پشتیبانی");
  await kept.panel.getByRole("button", { name: fa.canvas.secret.replace }).click();
  await field(kept.panel, "bot_token").fill("987654321:AAH-another_bot_9xyz");
  await save(page, kept.panel, /^\/api\/telegram\/\d+$/);
  const replaced = await reopen(page, "telegram");
  await expect(field(replaced.panel, "bot_token")).toHaveValue(`${mask}9xyz`);
});

test("api definition and request: URL, auth, headers, query and body are kept; the link is explained", async ({ page }) => {
  await openCanvas(page);
  const api = await addFromPalette(page, "apidefinition");
  let panel = await openPanel(page, api, "apidefinition");
  await field(panel, "baseUrl").fill("ftp://files.example.ir");
  await expect(panel.getByText(problem("api_base_url_invalid"), { exact: true })).toBeVisible();
  await expect(panel.getByTestId("panel-save")).toBeDisabled();
  await field(panel, "baseUrl").fill("https://api.example.ir/v1/");
  await field(panel, "authType").selectOption("bearer");
  await field(panel, "authData.token").fill("secret-token");
  await panel.getByRole("button", { name: fa.nodes.apidefinition.keyValue.add }).click();
  await field(panel, "defaultHeaders.key").fill("Accept");
  await field(panel, "defaultHeaders.value").fill("application/json");
  await field(panel, "description").fill("فروشگاه");
  await save(page, panel, /^\/api\/apidefinition\/\d+$/);
  await expect(api).toContainText("https://api.example.ir/v1");

  // The request goes next, after the definition has settled. A click on the
  // empty pane closes the panel and unselects the definition, so the new
  // card is drawn above it.
  await page.getByTestId("flow-pane").click({ position: { x: 20, y: 20 } });
  await expect(page.getByTestId("settings-panel")).toHaveCount(0);
  const req = await addFromPalette(page, "request");
  panel = await openPanel(page, req, "request");
  await expect(panel.getByText(problem("request_needs_api_definition"), { exact: true })).toBeVisible();
  await field(panel, "method").selectOption("POST");
  await field(panel, "endpoint").fill("/orders");
  await panel.getByRole("button", { name: fa.nodes.request.keyValue.add }).nth(1).click();
  await field(panel, "queryParams.key").fill("page");
  await field(panel, "queryParams.value").fill("2");
  await field(panel, "body").fill("{broken");
  await expect(panel.getByText(fa.nodes.request.invalidJson)).toBeVisible();
  await field(panel, "body").fill('{"item": 7}');
  await save(page, panel, /^\/api\/request\/\d+$/);
  await expect(req).toContainText("POST /orders");

  const again = await reopen(page, "request");
  await expect(field(again.panel, "method")).toHaveValue("POST");
  await expect(field(again.panel, "endpoint")).toHaveValue("/orders");
  await expect(field(again.panel, "queryParams.key")).toHaveValue("page");
  await expect(field(again.panel, "queryParams.value")).toHaveValue("2");
  expect(JSON.parse(await field(again.panel, "body").inputValue())).toEqual({ item: 7 });

  await again.panel.getByRole("button", { name: fa.canvas.panel.close }).click();
  const definition = await settledCard(page, "apidefinition");
  const apiPanel = await openPanel(page, definition, "apidefinition");
  await expect(field(apiPanel, "baseUrl")).toHaveValue("https://api.example.ir/v1");
  await expect(field(apiPanel, "authType")).toHaveValue("bearer");
  // Too short to show any of it.
  await expect(field(apiPanel, "authData.token")).toHaveValue(constants().secretMask);
  await expect(field(apiPanel, "defaultHeaders.key")).toHaveValue("Accept");
  await expect(field(apiPanel, "defaultHeaders.value")).toHaveValue("application/json");
});

test("iframe: domains are stored as bare hosts, a bad one is refused, it starts inactive", async ({ page }) => {
  await openCanvas(page);
  const card = await addFromPalette(page, "iframe");
  const panel = await openPanel(page, card, "iframe");
  await expect(panel.getByTestId("frame-state")).toHaveAttribute("data-state", "unregistered");
  await expect(panel.getByTestId("frame-state")).toContainText(fa.nodes.iframe.site.noAssistantNote);

  await field(panel, "companyName").fill("فروشگاه نمونه");
  await field(panel, "authorizedDomains").fill("example.ir/path");
  await expect(panel.getByText(problem("domain_invalid"), { exact: true })).toBeVisible();
  await expect(panel.getByTestId("panel-save")).toBeDisabled();
  await field(panel, "authorizedDomains").fill("https://Shop.Example.ir/\n*.example.ir");
  await expect(panel.getByText(fa.nodes.iframe.normalised(["shop.example.ir", "*.example.ir"]))).toBeVisible();
  await save(page, panel, /^\/api\/iframe\/\d+$/);
  await expect(card).toContainText("فروشگاه نمونه");
  await expect(card).toContainText(fa.nodes.iframe.domains(2));

  const again = await reopen(page, "iframe");
  await expect(field(again.panel, "companyName")).toHaveValue("فروشگاه نمونه");
  await expect(field(again.panel, "authorizedDomains")).toHaveValue("shop.example.ir\n*.example.ir");
});

test("container: its size is saved; frame and bot settings carry its id", async ({ page }) => {
  await openCanvas(page);
  await page.getByRole("button", { name: fa.canvas.addContainer, exact: true }).click();
  const card = await settledCard(page, "container");
  const containerId = Number((await card.getAttribute("data-testid"))!.replace("node-container-", ""));
  const panel = await openPanel(page, card, "container");
  // Numbers read in Persian digits.
  await expect(field(panel, "width")).toHaveValue(formatDigits(400));
  await expect(field(panel, "height")).toHaveValue(formatDigits(300));
  await expect(panel.getByText(fa.nodes.container.noSubsystems)).toBeVisible();

  await field(panel, "width").fill("0");
  await expect(panel.getByText(fa.nodes.container.positive)).toBeVisible();
  await field(panel, "width").fill("560");
  await field(panel, "height").fill("380");
  await expect(panel.getByText(fa.nodes.container.positive)).toHaveCount(0);
  await save(page, panel, new RegExp(`^/api/containers/${containerId}/dimensions$`));

  const again = await reopen(page, "container");
  await expect(field(again.panel, "width")).toHaveValue(formatDigits(560));
  await expect(field(again.panel, "height")).toHaveValue(formatDigits(380));

  // The settings read the container afresh; while they do, the loading notice shows.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/containers/${containerId}`, async (route) => {
    await held;
    await route.continue();
  });
  await again.panel.getByRole("button", { name: fa.canvas.frameSettings }).click();
  const dialog = page.getByRole("dialog", { name: fa.canvas.frameSettingsTitle });
  const loading = dialog.getByText(problem("loading_frame_settings"), { exact: true });
  await expect(loading).toBeVisible();
  release();
  await expect(loading).toHaveCount(0);
  await expect(dialog.getByLabel(fa.canvas.containerId)).toHaveText(formatDigits(containerId));
  await expect(dialog.getByLabel(fa.canvas.companyId)).toHaveText(fa.canvas.notYet);
  await dialog.getByRole("button", { name: fa.nodes.container.close }).click();
  await expect(dialog).toHaveCount(0);
});

test("container: frames and bots inside it are listed and carried into their settings", async ({ page }) => {
  const { token, projectId } = await openCanvas(page);
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await fetch(`${serverUrl()}/api${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(answer.ok, `${path}: ${answer.status} ${await answer.clone().text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  const box = await post<{ id: string }>("/containers", {
    project_id: projectId,
    name: "پشتیبانی",
    position_x: 0,
    position_y: 0,
    width: 700,
    height: 420,
  });
  const containerId = Number(box.id.replace("container-", ""));
  const place = (x: number) => ({ project_id: projectId, position_x: x, position_y: 140, container_id: containerId });
  // Companies are the server's to give: the frame's when it is registered, the bot's on retry-company.
  // A frame is listed once it is live: registered, with an assistant joined.
  const frame = await createNodeVia(token, projectId, "iframe", "پنجره", { x: 30, y: 140 }, {
    container_id: containerId,
    company_name: "فروشگاه",
    authorized_domains: ["shop.example.ir"],
  });
  const frameCompany = (await post<{ company_id: number }>("/frames/register", { node_id: frame.database_id }))
    .company_id;
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار", { x: 900, y: 140 });
  await createEdgeVia(token, projectId, assistant, frame);
  const bot = await post<{ database_id: number }>("/telegram", {
    ...place(380),
    name: "ربات",
    bot_token: "123456:bot-token",
    bot_username: "shop_bot",
  });
  const botCompany = (
    await post<{ data: { company_id: number } }>("/telegram/retry-company", { node_id: bot.database_id })
  ).data.company_id;
  expect(frameCompany).not.toBe(botCompany);

  await page.reload();
  const card = page.locator(`[data-testid="node-${canvasId("container", containerId)}"]`);
  await expect(card.getByTestId("node-status")).toHaveAttribute("data-status", "success");
  const panel = await openPanel(page, card, "container");
  const listed = panel.getByTestId("container-subsystems");
  await expect(listed.locator('[data-subsystem="frame"]')).toContainText(formatDigits(frameCompany));
  await expect(listed.locator('[data-subsystem="telegram"]')).toContainText(formatDigits(botCompany));

  await panel.getByRole("button", { name: fa.canvas.frameSettings }).click();
  let dialog = page.getByRole("dialog", { name: fa.canvas.frameSettingsTitle });
  await expect(dialog.getByLabel(fa.canvas.containerId)).toHaveText(formatDigits(containerId));
  await expect(dialog.getByLabel(fa.canvas.companyId)).toHaveText(formatDigits(frameCompany));
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await panel.getByRole("button", { name: fa.canvas.botSettings }).click();
  dialog = page.getByRole("dialog", { name: fa.canvas.botSettingsTitle });
  await expect(dialog.getByLabel(fa.canvas.containerId)).toHaveText(formatDigits(containerId));
  await expect(dialog.getByLabel(fa.canvas.botId)).toHaveText(formatDigits(bot.database_id));
  await expect(dialog.getByLabel(fa.canvas.companyId)).toHaveText(formatDigits(botCompany));
});
