// Schedulers and triggers running, end to end: a project set up through the
// API (an assistant, a trigger joined to it with a message template that
// uses the date and its context data, a Telegram bot on the fake Telegram
// joined to the assistant, whose owner has written to it), then in the
// browser: a trigger that is not ready is refused in Persian; the trigger is
// switched on from its card, which shows its next run in Jalali time with the
// time left ticking; its panel shows the same with its weekday and zone;
// "run now" waits on the model, then the run comes into the history with the
// filled message, the assistant's answer and its deliveries: by SMS, which
// the fake Kavenegar received, and to the bot's owner, which the fake
// Telegram received; switched off, the countdown goes.
// A scheduler switched on from its panel calls its request now and shows the
// API's status and output.
import { message } from "@dastyar/rules";
import type { BotUsers } from "@dastyar/api/BotUsers";
import type { NodeView } from "@dastyar/api/NodeView";
import type { RunHistory } from "@dastyar/api/RunHistory";
import { expect as expectValue, type Locator } from "@playwright/test";
import { createProject, newAccount, register } from "./api.ts";
import { createEdgeVia, createNodeVia, storedNode } from "./canvas-api.ts";
import { node, openCanvas, snapshot } from "./canvas-ui.ts";
import { fakeControl, script } from "./fake-model.ts";
import { newSmsAccount, smsSentWith } from "./fake-kavenegar.ts";
import { newBot, personWrites, sentBy } from "./fake-telegram.ts";
import { expect, serverUrl, test, type Page } from "./fixtures.ts";
import { fa, notification, signIn } from "./ui.ts";
import { jalaliDateTime } from "../../web/src/canvas/nodes/scheduler/jalali.ts";

const t = fa.nodes.scheduler.runs;
const tt = fa.nodes.trigger.outcome;
const OWNER_CHAT = 4242;
const MANAGER_MOBILE = "09121234567";
const ANSWER = "امروز ۱۲ سفارش ثبت شد و همه ارسال شدند.";
const TEHRAN = "Asia/Tehran";

async function call<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  const answer = await fetch(`${serverUrl()}/api${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

async function openPanel(page: Page, card: Locator) {
  await card.locator("header").click({ position: { x: 10, y: 5 } });
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "trigger");
  return panel;
}

/** The countdown's text now, then again after more than a second: it must have moved. */
async function expectTicking(countdown: Locator) {
  const first = await countdown.textContent();
  expectValue(first).toMatch(/دقیقه|ثانیه/);
  await expect(countdown).not.toHaveText(first!, { timeout: 5_000 });
}

test("a trigger switched on in the canvas counts down to its next run, runs now and shows the answer sent by SMS and to its bot's owner", async ({
  page,
}) => {
  const account = newAccount("مدیر فروشگاه");
  const { token } = await register(account);
  const projectId = (await createProject(token, "گزارش‌های خودکار")).id;
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار فروش", { x: 500, y: 0 });
  const trigger = await createNodeVia(token, projectId, "trigger", "گزارش روزانه", { x: 0, y: 0 }, {
    message_template: "گزارش فروش {{jalali_date}} برای {{shop}} را بنویس",
    context_data: { shop: "کتاب‌سرا" },
  });
  await createEdgeVia(token, projectId, trigger, assistant);
  // A trigger joined to nothing: it may not be switched on.
  const lonely = await createNodeVia(token, projectId, "trigger", "بی‌دستیار", { x: 0, y: 400 }, { message_template: "سلام" });

  // A bot on the fake Telegram joined to the assistant; the first person to write to it is its owner.
  const bot = await newBot("shop_reports");
  const botNode = await call<NodeView>(token, "/telegram/register", {
    method: "POST",
    body: { project_id: String(projectId), bot_token: bot.token, name: "ربات گزارش", position: { x: 1000, y: 0 } },
  });
  await createEdgeVia(token, projectId, assistant, botNode);
  // An SMS node on the fake Kavenegar joined to the assistant, sending to the shop's manager.
  const smsAccount = await newSmsAccount();
  const sms = await createNodeVia(token, projectId, "sms", "پیامک مدیر", { x: 1000, y: 300 }, {
    api_key: smsAccount.api_key,
    receptor: MANAGER_MOBILE,
    // The node's own text, for sends by hand; the assistant's sends carry its answer.
    message: "گزارش روزانه",
  });
  await createEdgeVia(token, projectId, assistant, sms);
  await personWrites(bot, OWNER_CHAT, "مدیر", "سلام");
  await expectValue
    .poll(async () => (await call<BotUsers>(token, `/telegram/${botNode.database_id}/users`)).owner?.chat_id, { timeout: 20_000 })
    .toBe(OWNER_CHAT);
  // The first message only makes its writer the owner (the model is not asked), as the bot tells them.
  await expectValue
    .poll(async () => (await sentBy(bot)).filter((m) => m.chat_id === OWNER_CHAT).map((m) => m.plain), { timeout: 20_000 })
    .toEqual([message("telegram_owner_registered", {})]);

  await signIn(page, account);
  await openCanvas(page, projectId);

  // Not ready: refused in the server's Persian words, and still off.
  const lonelyCard = node(page, lonely.id);
  await lonelyCard.getByTestId("schedule-switch").click();
  await expect(notification(page, message("assistant_not_created", {}))).toBeVisible();
  await expect(lonelyCard.getByTestId("schedule-switch")).toHaveAttribute("aria-checked", "false");

  // Switched on from its card: its next run in Jalali time, Tehran's, and the time left ticking.
  const card = node(page, trigger.id);
  await expect(card.getByTestId("schedule-switch-state")).toHaveText(fa.nodes.scheduler.schedule.inactive);
  await expect(card.getByTestId("schedule-next-run")).toHaveCount(0);
  const switched = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/trigger/${trigger.database_id}/activate`);
  await card.getByTestId("schedule-switch").click();
  expectValue((await switched).status()).toBe(200);
  await expect(card.getByTestId("schedule-switch")).toHaveAttribute("aria-checked", "true");
  await expect(card.getByTestId("schedule-switch-state")).toHaveText(fa.nodes.scheduler.schedule.active);
  const stored = (await storedNode(token, projectId, trigger.id))!.data as { isActive: boolean; nextRunTime?: string };
  expectValue(stored.isActive).toBe(true);
  const next = stored.nextRunTime!;
  // Five minutes from being switched on (the default interval).
  expectValue(Date.parse(next) - Date.now()).toBeGreaterThan(4 * 60_000);
  await expect(card.getByTestId("schedule-next-run")).toHaveText(jalaliDateTime(next, TEHRAN));
  await expect(card.getByTestId("schedule-countdown")).toHaveText(/^۴ دقیقه و [۰-۹]+ ثانیه دیگر$/);
  await expectTicking(card.getByTestId("schedule-countdown"));
  await expect(card.getByTestId("schedule-run-count")).toHaveText(t.counted(0));

  // Its panel: the same next run with its weekday and zone, and no runs yet.
  const panel = await openPanel(page, card);
  const runs = panel.getByTestId("schedule-runs");
  await expect(runs.getByTestId("schedule-switch")).toHaveAttribute("aria-checked", "true");
  await expect(runs.getByTestId("schedule-next-run")).toHaveText(jalaliDateTime(next, TEHRAN, { weekday: true }));
  await expect(runs.locator('[data-fact="nextRun"]')).toContainText("به وقت تهران");
  await expectTicking(runs.getByTestId("schedule-countdown"));
  await expect(runs.getByTestId("schedule-runs-empty")).toHaveText(t.history.empty);
  // The preview starts from that very run, five minutes apart.
  const preview = panel.getByTestId("schedule-preview").locator("li");
  await expect(preview).toHaveCount(5);
  await expect(preview.first()).toHaveText(jalaliDateTime(next, TEHRAN));
  await expect(preview.nth(1)).toHaveText(jalaliDateTime(new Date(Date.parse(next) + 5 * 60_000).toISOString(), TEHRAN));

  // Run now, with the model held mid-answer: the wait shows.
  await script([{ gated_text: ANSWER, pause_after_words: 2 }]);
  const now = runs.getByTestId("schedule-run-now");
  await now.click();
  await expect(now).toHaveText(t.now.working);
  await expect(now).toBeDisabled();
  await expect(runs.getByTestId("schedule-run-now-progress")).toBeVisible();
  const released = await fetch(fakeControl("release"), { method: "POST" });
  expectValue(released.status).toBe(204);

  // The run comes in on top, open: the message with its date and context filled in, the answer, and where it went.
  await expect(runs.getByTestId("schedule-run-now-done")).toHaveText(message("trigger_test_sent", {}));
  const item = runs.getByTestId("schedule-run").first();
  await expect(item).toHaveAttribute("data-state", "succeeded");
  await expect(item.getByTestId("schedule-run-state")).toHaveText(`✓ ${t.history.states.succeeded}`);
  await expect(item.getByTestId("schedule-run-by")).toHaveText(t.history.requestedBy.user);
  const history = await call<RunHistory>(token, `/trigger/${trigger.database_id}/history`);
  const ran = history.runs[0]!;
  const sentMessage = (ran.outcome as { message: string }).message;
  expectValue(sentMessage).toMatch(/^گزارش فروش \S+ برای کتاب‌سرا را بنویس$/);
  await expect(item.getByTestId("schedule-run-due")).toHaveText(jalaliDateTime(ran.due_at, TEHRAN));
  await expect(item.getByTestId("schedule-run-message")).toHaveText(sentMessage);
  await expect(item.getByTestId("schedule-run-answer")).toHaveText(ANSWER);
  const deliveries = item.getByTestId("schedule-run-delivery");
  await expect(deliveries).toHaveText([`${tt.bot("پیامک مدیر")}: ${tt.smsSent}`, `${tt.bot("ربات گزارش")}: ${tt.sent}`]);
  await expect(deliveries.first()).toHaveAttribute("data-channel", "sms");
  await expect(deliveries.first()).toHaveAttribute("data-sent", "true");
  await expect(deliveries.nth(1)).toHaveAttribute("data-channel", "telegram");
  await expect(deliveries.nth(1)).toHaveAttribute("data-sent", "true");
  await expect(item.getByTestId("schedule-run-summary")).toHaveText(tt.delivered(2, 2));
  // The manager got it by SMS, once, from the account's line; the owner got it on Telegram.
  const texted = await smsSentWith(smsAccount.api_key);
  expectValue(texted.map((m) => ({ method: m.method, receptor: m.receptor, message: m.message, sender: m.sender }))).toEqual([
    { method: "sms/send", receptor: MANAGER_MOBILE, message: ANSWER, sender: smsAccount.lines[0] },
  ]);
  await expectValue.poll(async () => (await sentBy(bot)).filter((m) => m.chat_id === OWNER_CHAT).map((m) => m.plain)).toContain(ANSWER);
  // A run by hand is not counted.
  await expect(runs.locator('[data-fact="currentRuns"]')).toHaveText(t.counted(0));
  await item.scrollIntoViewIfNeeded();
  await snapshot(page, "schedules-trigger-run-now");
  await item.getByTestId("schedule-run-toggle").click();
  await expect(item.getByTestId("schedule-run-outcome")).toHaveCount(0);

  // Switched off from the panel: no next run, on the card as well.
  await runs.getByTestId("schedule-switch").click();
  await expect(runs.getByTestId("schedule-switch")).toHaveAttribute("aria-checked", "false");
  await expect(runs.getByTestId("schedule-next-run-none")).toHaveText(t.offNote);
  await expect(card.getByTestId("schedule-countdown")).toHaveCount(0);
  await expect(card.getByTestId("schedule-switch-state")).toHaveText(fa.nodes.scheduler.schedule.inactive);
  expectValue(((await storedNode(token, projectId, trigger.id))!.data as { isActive: boolean }).isActive).toBe(false);
});

test("a scheduler switched on from its panel runs its request now and shows the API's status and output", async ({ page }) => {
  const account = newAccount("مدیر فنی");
  const { token } = await register(account);
  const projectId = (await createProject(token, "همگام‌سازی")).id;
  const scheduler = await createNodeVia(token, projectId, "scheduler", "هر ساعت", { x: 0, y: 0 }, {
    interval_value: 1,
    interval_unit: "hours",
    max_runs: 24,
  });
  const request = await createNodeVia(token, projectId, "request", "فهرست مدل‌ها", { x: 450, y: 0 }, { method: "GET", endpoint: "/models" });
  // The fake model's own API, on this machine (the test server allows private addresses).
  const definition = await createNodeVia(token, projectId, "apidefinition", "API مدل‌ها", { x: 900, y: 0 }, {
    base_url: process.env.DASTYAR_E2E_FAKE_OPENAI,
  });
  await createEdgeVia(token, projectId, definition, request);
  await createEdgeVia(token, projectId, scheduler, request);

  await signIn(page, account);
  await openCanvas(page, projectId);
  const card = node(page, scheduler.id);
  await expect(card.getByTestId("schedule-run-count")).toHaveText(t.countedOf(0, 24));
  await card.locator("header").click({ position: { x: 10, y: 5 } });
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "scheduler");
  const runs = panel.getByTestId("schedule-runs");
  await expect(runs.getByTestId("schedule-next-run-none")).toHaveText(t.offNote);

  await runs.getByTestId("schedule-switch").click();
  await expect(runs.getByTestId("schedule-switch")).toHaveAttribute("aria-checked", "true");
  const next = ((await storedNode(token, projectId, scheduler.id))!.data as { nextRunTime: string }).nextRunTime;
  await expect(runs.getByTestId("schedule-next-run")).toHaveText(jalaliDateTime(next, TEHRAN, { weekday: true }));
  await expect(runs.getByTestId("schedule-countdown")).toHaveText(/^۵۹ دقیقه و [۰-۹]+ ثانیه دیگر$/);
  // The card follows.
  await expect(card.getByTestId("schedule-next-run")).toHaveText(jalaliDateTime(next, TEHRAN));

  await runs.getByTestId("schedule-run-now").click();
  await expect(runs.getByTestId("schedule-run-now-done")).toHaveText(t.now.done);
  const item = runs.getByTestId("schedule-run").first();
  await expect(item).toHaveAttribute("data-state", "succeeded");
  await expect(item.getByTestId("schedule-run-by")).toHaveText(t.history.requestedBy.user);
  await expect(item.getByTestId("schedule-run-status")).toContainText(t.request.httpStatus(200));
  await expect(item.getByTestId("schedule-run-summary")).toContainText(t.request.httpStatus(200));
  // The API's answer as the request got it: the fake's model list.
  await expect(item.getByTestId("schedule-run-output")).toContainText('"gpt-4.1-nano"');
  await expect(runs.locator('[data-fact="currentRuns"]')).toHaveText(t.countedOf(0, 24));
});

test("a scheduler that comes due fires on its own: its card moves to the next run and counts it, its history lists the run", async ({
  page,
}) => {
  const account = newAccount("مدیر فنی");
  const { token } = await register(account);
  const projectId = (await createProject(token, "هر چند ثانیه")).id;
  const scheduler = await createNodeVia(token, projectId, "scheduler", "تند", { x: 0, y: 0 }, {
    interval_value: 8,
    interval_unit: "seconds",
  });
  const request = await createNodeVia(token, projectId, "request", "فهرست مدل‌ها", { x: 450, y: 0 }, { method: "GET", endpoint: "/models" });
  const definition = await createNodeVia(token, projectId, "apidefinition", "API مدل‌ها", { x: 900, y: 0 }, {
    base_url: process.env.DASTYAR_E2E_FAKE_OPENAI,
  });
  await createEdgeVia(token, projectId, definition, request);
  await createEdgeVia(token, projectId, scheduler, request);

  await signIn(page, account);
  await openCanvas(page, projectId);
  const card = node(page, scheduler.id);
  await card.getByTestId("schedule-switch").click();
  await expect(card.getByTestId("schedule-switch")).toHaveAttribute("aria-checked", "true");
  const first = ((await storedNode(token, projectId, scheduler.id))!.data as { nextRunTime: string }).nextRunTime;
  await expect(card.getByTestId("schedule-next-run")).toHaveText(jalaliDateTime(first, TEHRAN));
  await expect(card.getByTestId("schedule-countdown")).toHaveText(/^[۰-۹]+ ثانیه دیگر$/);

  // Nothing but the countdown reaching zero tells the card: it reads the node again and moves on.
  await expect(card.getByTestId("schedule-run-count")).toHaveText(t.counted(1), { timeout: 20_000 });
  await expect(card.getByTestId("schedule-next-run")).not.toHaveText(jalaliDateTime(first, TEHRAN));
  await expect(card.getByTestId("schedule-countdown")).toHaveText(/^[۰-۹]+ ثانیه دیگر$/);

  // The panel's history lists what the schedule ran, and keeps up as more runs fire.
  await card.locator("header").click({ position: { x: 10, y: 5 } });
  const runs = page.getByTestId("settings-panel").getByTestId("schedule-runs");
  const scheduled = runs.locator('[data-testid="schedule-run"][data-requested-by="schedule"]');
  await expect(scheduled.first()).toHaveAttribute("data-state", "succeeded");
  await expect(scheduled.last().getByTestId("schedule-run-due")).toHaveText(jalaliDateTime(first, TEHRAN));
  await expect(scheduled.first().getByTestId("schedule-run-by")).toHaveText(t.history.requestedBy.schedule);
  await expect(scheduled).toHaveCount(2, { timeout: 20_000 });
  await expect(runs.locator('[data-fact="currentRuns"]')).toHaveText(t.counted(2));
  await runs.getByTestId("schedule-switch").click();
  await expect(runs.getByTestId("schedule-switch")).toHaveAttribute("aria-checked", "false");
});
