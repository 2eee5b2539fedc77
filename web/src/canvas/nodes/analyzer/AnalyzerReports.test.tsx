// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { createStore } from "jotai";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import type { AnalyzerOverview, AnalyzerReport } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { edgesAtom, nodesAtom } from "../../../state/canvas";
import { deferred, flowNode } from "../../../state/canvas/testFixtures";
import type { FlowEdge } from "../../model";
import { click, failed, mount, routedFetch, settle, type Call, type Mounted, type Route } from "../../panels/panelTesting";
import { AnalyzerReports } from "./AnalyzerReports";

const t = fa.nodes.analyzer.reports;
const NO_BOT = message("analyzer_no_bot", {});

const report = (id: number, extra: Partial<AnalyzerReport> = {}): AnalyzerReport => ({
  id,
  requested_by: "schedule",
  conversations: 2,
  messages: 5,
  content: `## گزارش ${id}\n- **نیت:** خرید`,
  model: "gpt-4o-mini",
  credits: 3,
  delivery: "sent",
  created_at: "2025-03-21T08:00:00Z",
  ...extra,
});

let calls: Call[];
let route: Route;
/** What the server holds: the overview it answers. */
let server: AnalyzerOverview;
let panel: Mounted;

const BOT_EDGE: FlowEdge = { id: "eanalyzer-7-telegram-5-1", source: "analyzer-7", target: "telegram-5" };

async function render(id = "analyzer-7", edges: FlowEdge[] = [BOT_EDGE]) {
  const store = createStore();
  store.set(nodesAtom, [flowNode(id, { label: "تحلیل فروش" }), flowNode("telegram-5", { label: "ربات گزارش" })]);
  store.set(edgesAtom, edges);
  panel = await mount(store, <AnalyzerReports nodeId={id} />);
}

const byTestId = (id: string) => panel.host.querySelector(`[data-testid="${id}"]`);
const all = (id: string) => [...panel.host.querySelectorAll(`[data-testid="${id}"]`)];
const button = (id: string) => byTestId(id) as HTMLButtonElement;
const text = (id: string) => byTestId(id)?.textContent ?? "";
const fact = (field: string) => panel.host.querySelector(`[data-fact="${field}"] dd`)?.textContent ?? null;
const daily = () => panel.host.querySelector('input[name="daily"]') as HTMLInputElement;
const hour = () => panel.host.querySelector('select[name="hour"]') as HTMLSelectElement;
const gets = () => calls.filter((c) => c.method === "GET").length;

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

beforeEach(() => {
  route = () => undefined;
  server = {
    schedule: { daily: true, hour: 9, next_report_at: "2025-03-22T05:30:00Z" },
    channels: 2,
    bot_node_id: 5,
    reports: [report(2), report(1, { requested_by: "user", delivery: "not_sent", delivery_error: NO_BOT })],
  };
  window.localStorage.clear();
  calls = routedFetch(
    (call) => route(call),
    (call) => (call.method === "GET" && call.url === "/api/analyzers/7/reports" ? json(200, server) : undefined),
  );
});

afterEach(() => {
  panel.unmount();
  vi.unstubAllGlobals();
});

describe("opening the panel", () => {
  it("asks the overview once and shows what it reads, where reports go, the schedule and the reports", async () => {
    await render();
    expect(calls).toEqual([{ method: "GET", url: "/api/analyzers/7/reports", body: undefined }]);
    expect(fact("channels")).toBe(t.reach.channels(2));
    expect(fact("bot")).toBe(t.reach.bot("ربات گزارش"));
    expect(daily().checked).toBe(true);
    expect(hour().value).toBe("9");
    expect(hour().selectedOptions[0]!.textContent).toBe("۰۹:۰۰");
    expect(text("analyzer-next-report")).toBe(t.schedule.next("۲ فروردین ۱۴۰۴ ساعت ۰۹:۰۰"));

    const items = all("analyzer-report");
    expect(items.map((li) => li.getAttribute("data-report-id"))).toEqual(["2", "1"]);
    const [scheduled, asked] = items;
    expect(scheduled!.querySelector('[data-testid="analyzer-report-by"]')!.textContent).toBe(t.list.requestedBy.schedule);
    expect(scheduled!.querySelector('[data-testid="analyzer-report-counts"]')!.textContent).toBe(t.list.counts(2, 5));
    expect(scheduled!.querySelector('[data-testid="analyzer-report-credits"]')!.textContent).toBe(t.list.credits(3));
    expect(scheduled!.querySelector('[data-testid="analyzer-report-date"]')!.textContent).toBe("۱ فروردین ۱۴۰۴ ساعت ۱۱:۳۰");
    expect(scheduled!.querySelector('[data-testid="analyzer-report-delivery-label"]')!.textContent).toBe(t.list.delivery.sent);
    expect(scheduled!.querySelector('[data-testid="analyzer-report-send"]')).toBeNull();
    expect(asked!.querySelector('[data-testid="analyzer-report-by"]')!.textContent).toBe(t.list.requestedBy.user);
    expect(asked!.querySelector('[data-testid="analyzer-report-reason"]')!.textContent).toBe(NO_BOT);
    expect(asked!.querySelector('[data-testid="analyzer-report-send"]')).not.toBeNull();
    // The text waits behind its toggle.
    expect(byTestId("analyzer-report-content")).toBeNull();
  });

  it("asks to be joined to a container and a bot when it has neither", async () => {
    server = { schedule: { daily: false, hour: 9 }, channels: 0, reports: [] };
    await render("analyzer-7", []);
    expect(fact("channels")).toBe(t.reach.noChannels);
    expect(fact("bot")).toBe(t.reach.noBot);
    expect(daily().checked).toBe(false);
    expect(text("analyzer-next-report")).toBe(t.schedule.off);
    expect(text("analyzer-reports-empty")).toBe(t.list.empty);
  });

  it("asks nothing for a node not saved yet", async () => {
    await render("analyzer-temp-1700000000000", []);
    expect(calls).toEqual([]);
    expect(panel.host.textContent).toContain(t.unsaved);
    expect(byTestId("analyzer-report-now")).toBeNull();
  });

  it("shows the server's message when the overview cannot be read, and asks again on refresh", async () => {
    route = () => (gets() === 1 ? failed(404, "not_found", "پیدا نشد.") : undefined);
    await render();
    expect(text("analyzer-reports-error")).toBe("پیدا نشد.");
    click(byTestId("analyzer-refresh"));
    await settle();
    expect(byTestId("analyzer-reports-error")).toBeNull();
    expect(fact("channels")).toBe(t.reach.channels(2));
  });

  it("asks again when the analyzer's edges change", async () => {
    await render("analyzer-7", []);
    expect(gets()).toBe(1);
    server = { ...server, channels: 3 };
    act(() => panel.store.set(edgesAtom, [BOT_EDGE]));
    await settle();
    expect(gets()).toBe(2);
    expect(fact("channels")).toBe(t.reach.channels(3));
    // Edges elsewhere on the canvas change nothing here.
    act(() => panel.store.set(edgesAtom, [BOT_EDGE, { id: "e-other", source: "assistant-1", target: "iframe-2" }]));
    await settle();
    expect(gets()).toBe(2);
  });
});

describe("a report's text", () => {
  it("opens and closes, drawn from its Markdown as text", async () => {
    server.reports = [report(2, { content: "## خلاصه\n- **نیت:** خرید\n<b>نه HTML</b>" })];
    await render();
    const toggle = button("analyzer-report-toggle");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.textContent).toBe(t.list.show);
    click(toggle);
    const content = byTestId("analyzer-report-content")!;
    expect(button("analyzer-report-toggle").getAttribute("aria-expanded")).toBe("true");
    expect(button("analyzer-report-toggle").getAttribute("aria-controls")).toBe(content.id);
    expect(content.querySelector("h4")!.textContent).toBe("خلاصه");
    expect(content.querySelector("li strong")!.textContent).toBe("نیت:");
    expect(content.querySelector("b")).toBeNull();
    expect(content.textContent).toContain("<b>نه HTML</b>");
    click(button("analyzer-report-toggle"));
    expect(byTestId("analyzer-report-content")).toBeNull();
  });
});

describe("report now", () => {
  it("shows the wait, then the new report first and open, and the list as the server has it", async () => {
    await render();
    const made = report(3, { requested_by: "user", delivery: "not_sent", delivery_error: NO_BOT, content: "گزارش تازه" });
    const answer = deferred<Response>();
    route = (call) => (call.method === "POST" ? answer.promise : undefined);
    click(byTestId("analyzer-report-now"));
    expect(calls.at(-1)).toEqual({ method: "POST", url: "/api/analyzers/7/reports", body: undefined });
    expect(button("analyzer-report-now").disabled).toBe(true);
    expect(text("analyzer-report-now")).toBe(t.now.working);
    expect(byTestId("analyzer-report-progress")).not.toBeNull();

    // The list asked again answers the old list at first: the new report stays on top.
    const relisted = deferred<Response>();
    route = (call) => (call.method === "GET" ? relisted.promise : undefined);
    answer.resolve(json(201, made));
    await settle();
    expect(byTestId("analyzer-report-progress")).toBeNull();
    expect(button("analyzer-report-now").disabled).toBe(false);
    expect(text("analyzer-report-done")).toBe(t.now.done);
    expect(all("analyzer-report").map((li) => li.getAttribute("data-report-id"))).toEqual(["3", "2", "1"]);
    const first = all("analyzer-report")[0]!;
    expect(first.querySelector('[data-testid="analyzer-report-content"]')!.textContent).toBe("گزارش تازه");
    expect(first.querySelector('[data-testid="analyzer-report-reason"]')!.textContent).toBe(NO_BOT);

    relisted.resolve(json(200, { ...server, reports: [made, ...server.reports] }));
    await settle();
    expect(all("analyzer-report").map((li) => li.getAttribute("data-report-id"))).toEqual(["3", "2", "1"]);
    expect(gets()).toBe(2);
  });

  it("says nothing new was said as news, not an alarm", async () => {
    const nothingNew = message("analyzer_nothing_new", {});
    route = (call) => (call.method === "POST" ? failed(409, "analyzer_nothing_new", nothingNew) : undefined);
    await render();
    click(byTestId("analyzer-report-now"));
    await settle();
    expect(text("analyzer-report-info")).toBe(nothingNew);
    expect(byTestId("analyzer-report-info")!.getAttribute("role")).toBe("status");
    expect(byTestId("analyzer-report-error")).toBeNull();
    expect(all("analyzer-report")).toHaveLength(2);
    expect(gets()).toBe(1);
  });

  it("alarms in the server's words, with a way to buy credits when they ran out", async () => {
    const credits = message("insufficient_credits", {});
    route = (call) => (call.method === "POST" ? failed(402, "insufficient_credits", credits) : undefined);
    await render();
    click(byTestId("analyzer-report-now"));
    await settle();
    const alarm = byTestId("analyzer-report-error")!;
    expect(alarm.getAttribute("role")).toBe("alert");
    expect(alarm.textContent).toContain(credits);
    expect(alarm.querySelector("a")!.getAttribute("href")).toBe("/subscription");
    expect(alarm.querySelector("a")!.textContent).toBe(t.now.buyCredits);
  });
});

describe("the schedule", () => {
  it("saves a new hour at once, waits while saving, and shows the next report", async () => {
    await render();
    const answer = deferred<Response>();
    route = (call) => (call.method === "PUT" ? answer.promise : undefined);
    choose(hour(), "14");
    expect(calls.at(-1)).toEqual({ method: "PUT", url: "/api/analyzers/7/schedule", body: { daily: true, hour: 14 } });
    expect(hour().value).toBe("14");
    expect(hour().disabled).toBe(true);
    expect(daily().disabled).toBe(true);
    expect(text("analyzer-next-report")).toBe(t.schedule.saving);

    const saved = { daily: true, hour: 14, next_report_at: "2025-03-21T10:30:00Z" };
    server = { ...server, schedule: saved };
    answer.resolve(json(200, saved));
    await settle();
    expect(hour().value).toBe("14");
    expect(hour().disabled).toBe(false);
    expect(text("analyzer-next-report")).toBe(t.schedule.next("۱ فروردین ۱۴۰۴ ساعت ۱۴:۰۰"));
  });

  it("turns daily reports off with the hour kept", async () => {
    route = (call) => {
      if (call.method !== "PUT") return undefined;
      server = { ...server, schedule: { daily: false, hour: 9 } };
      return json(200, server.schedule);
    };
    await render();
    click(daily());
    await settle();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ daily: false, hour: 9 });
    expect(daily().checked).toBe(false);
    expect(text("analyzer-next-report")).toBe(t.schedule.off);
  });

  it("goes back to what the server holds when saving fails", async () => {
    const invalid = message("analyzer_hour_invalid", {});
    route = (call) => (call.method === "PUT" ? failed(422, "analyzer_hour_invalid", invalid) : undefined);
    await render();
    choose(hour(), "3");
    await settle();
    expect(hour().value).toBe("9");
    expect(text("analyzer-schedule-error")).toBe(invalid);
  });
});

describe("sending again", () => {
  it("posts the report's send and shows it sent", async () => {
    const sent = report(1, { requested_by: "user", delivery: "sent" });
    route = (call) => {
      if (call.method !== "POST") return undefined;
      server = { ...server, reports: [server.reports[0]!, sent] };
      return json(200, sent);
    };
    await render();
    const item = () => panel.host.querySelector('[data-report-id="1"]')!;
    click(item().querySelector('[data-testid="analyzer-report-send"]'));
    await settle();
    expect(calls.find((c) => c.method === "POST")?.url).toBe("/api/analyzers/7/reports/1/send");
    expect(item().getAttribute("data-delivery")).toBe("sent");
    expect(item().querySelector('[data-testid="analyzer-report-reason"]')).toBeNull();
    expect(item().querySelector('[data-testid="analyzer-report-send"]')).toBeNull();
  });

  it("keeps the button and says why when it fails again", async () => {
    const failing = message("analyzer_delivery_failed", {});
    route = (call) => (call.method === "POST" ? failed(424, "telegram_unreachable", failing) : undefined);
    await render();
    const item = panel.host.querySelector('[data-report-id="1"]')!;
    click(item.querySelector('[data-testid="analyzer-report-send"]'));
    await settle();
    expect(item.querySelector('[data-testid="analyzer-report-send-error"]')!.textContent).toBe(failing);
    expect((item.querySelector('[data-testid="analyzer-report-send"]') as HTMLButtonElement).disabled).toBe(false);
  });
});
