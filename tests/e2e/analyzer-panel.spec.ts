// The message analyzer's panel, end to end: a project set up through the API
// (an assistant answering in a registered chat frame that sits in a
// container, the container joined to an analyzer, no bot), a visitor's chat
// on the shop's site, then in the browser: the panel says the analyzer reads
// one chat frame and has no bot, "report now" shows its wait while the fake
// model is held, the report comes in on top with its counts, its cost, its
// Markdown drawn as text and why it was not sent; asking again with nothing
// new is news, not an alarm; the daily hour is saved at once and is still
// there after a reload.
import { message } from "@dastyar/rules";
import type { AnalyzerOverview } from "@dastyar/api/AnalyzerOverview";
import type { FrameView } from "@dastyar/api/FrameView";
import type { WidgetSession } from "@dastyar/api/WidgetSession";
import { expect as expectValue } from "@playwright/test";
import { createProject, newAccount, register } from "./api.ts";
import { createEdgeVia, createNodeVia } from "./canvas-api.ts";
import { node, openCanvas } from "./canvas-ui.ts";
import { expect, serverUrl, test, type Page } from "./fixtures.ts";
import { fa, signIn } from "./ui.ts";
import { formatJalaliDate } from "../../web/src/format/date.ts";

const t = fa.nodes.analyzer.reports;
/** The shop's site, where the frame may be shown. */
const SITE = "https://shop.example";
const ASKED = "ارسال به شیراز دارید؟";

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string; origin?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.origin) headers.Origin = init.origin;
  const method = init.method ?? "GET";
  const answer = await fetch(`${serverUrl()}/api${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return (text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text) as T;
}

/** A new visitor on the shop's site says `text`; answers when the assistant has answered. */
async function visitorSays(key: string, text: string): Promise<void> {
  const session = await call<WidgetSession>(`/widget/${key}/session`, { method: "POST", body: {}, origin: SITE });
  expectValue(session.active).toBe(true);
  const stream = await call<string>(`/widget/${key}/messages`, { method: "POST", body: { content: text }, token: session.token });
  expectValue(stream).toContain("event: done");
}

/** The fake model's control API (beside its /v1). */
async function fake(path: string, body?: unknown): Promise<void> {
  const base = process.env.DASTYAR_E2E_FAKE_OPENAI;
  if (!base) throw new Error("e2e: DASTYAR_E2E_FAKE_OPENAI is unset; run through playwright.config.ts");
  const answer = await fetch(`${base.replace(/\/v1$/, "")}/_fake/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expectValue(answer.status).toBe(204);
}

async function openPanel(page: Page, id: string) {
  await node(page, id).locator("header").click({ position: { x: 10, y: 5 } });
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "analyzer");
  return panel;
}

test("the analyzer reads its container's chat frame, reports on demand and keeps its daily hour", async ({ page }) => {
  const account = newAccount("مدیر فروشگاه");
  const { token } = await register(account);
  const projectId = (await createProject(token, "تحلیل گفتگوها")).id;
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار فروش", { x: 0, y: 0 });
  const iframe = await createNodeVia(token, projectId, "iframe", "گفتگوی سایت", { x: 0, y: 350 });
  const container = await createNodeVia(token, projectId, "container", "سایت فروشگاه", { x: 500, y: 0 });
  const analyzer = await createNodeVia(token, projectId, "analyzer", "تحلیل فروش", { x: 1050, y: 0 });
  const frame = await call<FrameView>("/frames/register", {
    method: "POST",
    token,
    body: { node_id: iframe.database_id, company_name: "فروشگاه نمونه", authorized_domains: [SITE] },
  });
  await createEdgeVia(token, projectId, assistant, iframe);
  await call(`/iframe/${iframe.database_id}/container`, {
    method: "PATCH",
    token,
    body: { container_id: container.database_id, position_x: 20, position_y: 60 },
  });
  await createEdgeVia(token, projectId, container, analyzer);
  expectValue(frame.public_key).toBeTruthy();
  await visitorSays(frame.public_key!, ASKED);

  await signIn(page, account);
  await openCanvas(page, projectId);
  const panel = await openPanel(page, analyzer.id);
  const reports = panel.getByTestId("analyzer-reports");

  // What it reads and where reports go: one chat frame, no bot.
  await expect(reports.locator('[data-fact="channels"] dd')).toHaveText(t.reach.channels(1));
  await expect(reports.locator('[data-fact="bot"] dd')).toHaveText(t.reach.noBot);
  await expect(reports.getByTestId("analyzer-reports-empty")).toHaveText(t.list.empty);

  // The daily report is on at nine, Tehran time, by default.
  const daily = reports.getByLabel(t.schedule.daily);
  const hour = reports.getByLabel(t.schedule.hour);
  await expect(daily).toBeChecked();
  await expect(hour).toHaveValue("9");
  await expect(reports.getByTestId("analyzer-next-report")).toContainText("۰۹:۰۰");

  // Report now, with the model held mid-answer: the wait shows.
  const analysis = "## خلاصه\nیک مشتری دربارهٔ ارسال پرسید.\n- **نیت:** خرید با ارسال به شیراز\n- **احساس:** خنثی";
  await fake("replies", [{ gated_text: analysis, pause_after_words: 1 }]);
  const now = reports.getByTestId("analyzer-report-now");
  await now.click();
  await expect(now).toHaveText(t.now.working);
  await expect(now).toBeDisabled();
  await expect(reports.getByTestId("analyzer-report-progress")).toBeVisible();
  await fake("release");

  // The report comes in on top, open, with its counts and why it stayed here.
  const items = reports.getByTestId("analyzer-report");
  await expect(items).toHaveCount(1);
  await expect(reports.getByTestId("analyzer-report-done")).toHaveText(t.now.done);
  await expect(reports.getByTestId("analyzer-report-progress")).toHaveCount(0);
  const first = items.first();
  await expect(first.getByTestId("analyzer-report-by")).toHaveText(t.list.requestedBy.user);
  await expect(first.getByTestId("analyzer-report-counts")).toHaveText(t.list.counts(1, 2));
  await expect(first).toHaveAttribute("data-delivery", "not_sent");
  await expect(first.getByTestId("analyzer-report-delivery-label")).toHaveText(t.list.delivery.not_sent);
  await expect(first.getByTestId("analyzer-report-reason")).toHaveText(message("analyzer_no_bot", {}));
  await expect(first.getByTestId("analyzer-report-send")).toHaveText(t.list.sendAgain);
  const content = first.getByTestId("analyzer-report-content");
  await expect(content.locator("h4")).toHaveText("خلاصه");
  await expect(content.locator("li strong").first()).toHaveText("نیت:");
  await expect(content).not.toContainText("**");
  // Its cost and date as the server keeps them.
  const stored = (await call<AnalyzerOverview>(`/analyzers/${analyzer.database_id}/reports`, { token })).reports[0]!;
  expectValue(stored.credits).toBeGreaterThan(0);
  await expect(first.getByTestId("analyzer-report-credits")).toHaveText(t.list.credits(stored.credits));
  await expect(first.getByTestId("analyzer-report-date")).toHaveText(
    formatJalaliDate(stored.created_at, { timeZone: "Asia/Tehran", withTime: true }),
  );
  // Its text folds away.
  await first.getByTestId("analyzer-report-toggle").click();
  await expect(content).toHaveCount(0);

  // Nothing said since: news, not an alarm, and no new report.
  await now.click();
  await expect(reports.getByTestId("analyzer-report-info")).toHaveText(message("analyzer_nothing_new", {}));
  await expect(reports.getByTestId("analyzer-report-error")).toHaveCount(0);
  await expect(items).toHaveCount(1);

  // Send again with still no bot: it stays here, saying why.
  const sent = page.waitForResponse((r) => /\/send$/.test(new URL(r.url()).pathname));
  await first.getByTestId("analyzer-report-send").click();
  expectValue((await sent).status()).toBe(200);
  await expect(first.getByTestId("analyzer-report-reason")).toHaveText(message("analyzer_no_bot", {}));

  // The daily hour, saved at once.
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/analyzers/${analyzer.database_id}/schedule` && r.request().method() === "PUT",
  );
  await hour.selectOption("14");
  expectValue((await saved).status()).toBe(200);
  await expect(reports.getByTestId("analyzer-next-report")).toContainText("۱۴:۰۰");
  await expect(hour).toBeEnabled();

  // Still there after a reload, with the report.
  await page.reload();
  await expect(page.getByTestId("flow-pane")).toBeVisible();
  const again = (await openPanel(page, analyzer.id)).getByTestId("analyzer-reports");
  await expect(again.getByLabel(t.schedule.hour)).toHaveValue("14");
  await expect(again.getByLabel(t.schedule.daily)).toBeChecked();
  await expect(again.getByTestId("analyzer-next-report")).toContainText("۱۴:۰۰");
  await expect(again.getByTestId("analyzer-report")).toHaveCount(1);
  await expect(again.getByTestId("analyzer-report-content")).toHaveCount(0);

  // Daily reports off: only on demand, after a reload too.
  await again.getByLabel(t.schedule.daily).uncheck();
  await expect(again.getByTestId("analyzer-next-report")).toHaveText(t.schedule.off);
  await expect(again.getByLabel(t.schedule.daily)).toBeEnabled();
  await page.reload();
  const last = (await openPanel(page, analyzer.id)).getByTestId("analyzer-reports");
  await expect(last.getByLabel(t.schedule.daily)).not.toBeChecked();
  await expect(last.getByLabel(t.schedule.hour)).toHaveValue("14");
  await expect(last.getByTestId("analyzer-next-report")).toHaveText(t.schedule.off);
});
