// @vitest-environment happy-dom
// A scheduler's and a trigger's runs in their panels: the switch, the next
// run with the time left, run now, the history and its polling.
import { message } from "@dastyar/rules";
import { act } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import type { RunHistory, RunView } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { deferred, flowNode, nodeView } from "../../../state/canvas/testFixtures";
import { clockAtom } from "../../../state/clock";
import { loadLazyRules } from "../../lazyRules";
import type { FlowNode } from "../../model";
import {
  click,
  failed,
  renderPanel,
  routedFetch,
  settle,
  typeInto,
  type Call,
  type PanelView,
  type Route,
} from "../../panels/panelTesting";
import { TriggerPanel } from "../trigger/TriggerPanel";
import { SchedulerPanel } from "./SchedulerPanel";
import { POLL_MS } from "./useRunHistory";

const t = fa.nodes.scheduler.runs;
const tt = fa.nodes.trigger.outcome;
const NEXT = "2025-03-21T08:00:05Z";
/** The tests' clock: five minutes before the next run. */
const NOW = Date.parse(NEXT) - 300_000;
const NOT_CREATED = message("assistant_not_created", {});

const run = (id: number, extra: Partial<RunView> = {}): RunView => ({
  id,
  due_at: "2025-03-21T07:55:05Z",
  requested_by: "schedule",
  missed: 0,
  state: "succeeded",
  attempts: 1,
  started_at: "2025-03-21T07:55:05Z",
  finished_at: "2025-03-21T07:55:07Z",
  outcome: { assistant_id: 4, message: `پیام ${id}`, answer: `پاسخ ${id}`, deliveries: [] },
  ...extra,
});

let calls: Call[];
let route: Route;
/** What the server holds: the history it answers. */
let server: RunHistory;
let panel: PanelView<"trigger"> | PanelView<"scheduler">;

const history: Route = ({ method, url }) =>
  method === "GET" && /^\/api\/(trigger|scheduler)\/\d+\/history$/.test(url) ? json(200, server) : undefined;

const trigger = (data: Record<string, unknown> = {}): FlowNode =>
  flowNode("trigger-7", { label: "گزارش روزانه", messageTemplate: "گزارش امروز را بفرست", ...data });
const on = { isActive: true, nextRunTime: NEXT, currentRuns: 2 };

const byTestId = (id: string) => panel.host.querySelector(`[data-testid="${id}"]`);
const all = (id: string) => [...panel.host.querySelectorAll(`[data-testid="${id}"]`)];
const text = (id: string) => byTestId(id)?.textContent ?? "";
const fact = (field: string) => panel.host.querySelector(`[data-fact="${field}"]`)?.textContent ?? null;
const theSwitch = () => byTestId("schedule-switch") as HTMLButtonElement;
const gets = () => calls.filter((c) => c.method === "GET").length;

beforeEach(() => {
  // Only the date: the fake server's answers still come on real timers.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  route = () => undefined;
  server = { is_active: false, current_runs: 0, runs: [] };
  window.localStorage.clear();
  calls = routedFetch((call) => route(call), history);
});

afterEach(() => {
  panel.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a trigger switched on", () => {
  // The preview's run times come from the lazy rules: here before the panel opens.
  beforeAll(() => loadLazyRules());
  beforeEach(async () => {
    server = { is_active: true, next_run_time: NEXT, current_runs: 2, max_runs: 10, runs: [] };
    panel = await renderPanel(TriggerPanel, trigger({ ...on, maxRuns: 10 }));
  });

  it("shows its next run in Jalali time with its weekday and zone, and the time left ticking", () => {
    expect(theSwitch().getAttribute("aria-checked")).toBe("true");
    expect(text("schedule-next-run")).toBe("جمعه ۱ فروردین ۱۴۰۴، ساعت ۱۱:۳۰:۰۵");
    expect(fact("nextRun")).toContain("به وقت تهران");
    act(() => panel.store.set(clockAtom, Date.parse(NEXT) - (4 * 60 + 12) * 1000));
    expect(text("schedule-countdown")).toBe("۴ دقیقه و ۱۲ ثانیه دیگر");
    act(() => panel.store.set(clockAtom, Date.parse(NEXT) - 3_000));
    expect(text("schedule-countdown")).toBe("۳ ثانیه دیگر");
    expect(fact("currentRuns")).toBe("۲ از ۱۰ بار");
    expect(fact("lastRunTime")).toBe(fa.nodes.trigger.neverRan);
  });

  it("previews the next runs from the engine's next run", () => {
    const preview = [...panel.host.querySelectorAll('[data-testid="schedule-preview"] li')].map((li) => li.textContent);
    expect(preview).toHaveLength(5);
    expect(preview[0]).toBe("۱ فروردین ۱۴۰۴، ساعت ۱۱:۳۰:۰۵");
    expect(preview[1]).toBe("۱ فروردین ۱۴۰۴، ساعت ۱۱:۳۵:۰۵");
  });

  it("is switched off at once, and the canvas takes the node as the server answers it", async () => {
    route = (call) => (call.method === "PATCH" ? json(200, nodeView("trigger-7", { ...trigger().data, isActive: false })) : undefined);
    click(theSwitch());
    await settle();
    expect(calls.find((c) => c.method === "PATCH")?.url).toBe("/api/trigger/7/deactivate");
    expect(theSwitch().getAttribute("aria-checked")).toBe("false");
    expect(text("schedule-next-run-none")).toBe(t.offNote);
    expect(byTestId("schedule-countdown")).toBeNull();
    expect((panel.store.get(nodesAtom)[0]!.data as { isActive: boolean }).isActive).toBe(false);
  });
});

describe("switching a trigger on", () => {
  it("shows the server's Persian reason when it is refused, and stays off", async () => {
    panel = await renderPanel(TriggerPanel, trigger());
    route = (call) => (call.method === "PATCH" ? failed(422, "assistant_not_created", NOT_CREATED) : undefined);
    click(theSwitch());
    await settle();
    expect(calls.find((c) => c.method === "PATCH")?.url).toBe("/api/trigger/7/activate");
    expect(text("schedule-switch-error")).toBe(NOT_CREATED);
    expect(byTestId("schedule-switch-error")!.getAttribute("role")).toBe("alert");
    expect(theSwitch().getAttribute("aria-checked")).toBe("false");
  });

  it("waits while the server answers, then keeps a draft with edits in step", async () => {
    panel = await renderPanel(TriggerPanel, trigger());
    typeInto(panel.host.querySelector('textarea[name="messageTemplate"]')!, "پیام تازه");
    const answer = deferred<Response>();
    route = (call) => (call.method === "PATCH" ? answer.promise : undefined);
    click(theSwitch());
    expect(theSwitch().disabled).toBe(true);
    expect(text("schedule-switch-state")).toBe(t.switching);
    answer.resolve(json(200, nodeView("trigger-7", { ...trigger().data, ...on })));
    await settle();
    expect(theSwitch().disabled).toBe(false);
    expect(theSwitch().getAttribute("aria-checked")).toBe("true");
    // The edit is kept, and saving it will not switch the trigger off again.
    expect(panel.form.draft).toMatchObject({ messageTemplate: "پیام تازه", isActive: true });
  });

  it("is not offered before the node is saved, and nothing is asked", async () => {
    panel = await renderPanel(TriggerPanel, flowNode("trigger-temp-1700000000000"));
    expect(calls).toEqual([]);
    expect(byTestId("schedule-switch")).toBeNull();
    expect(panel.host.textContent).toContain(t.unsaved);
  });
});

describe("the history", () => {
  it("lists the runs newest first with when, who asked, how each ended and why", async () => {
    server.runs = [
      run(3, {
        state: "failed",
        requested_by: "user",
        error: message("trigger_needs_assistant", {}),
        outcome: {},
      }),
      run(2, { missed: 2 }),
    ];
    panel = await renderPanel(TriggerPanel, trigger());
    expect(calls).toEqual([{ method: "GET", url: "/api/trigger/7/history", body: undefined }]);
    const items = all("schedule-run");
    expect(items.map((li) => li.getAttribute("data-run-id"))).toEqual(["3", "2"]);
    const [failedRun, scheduled] = items as [Element, Element];
    const inside = (item: Element, id: string) => item.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(failedRun.getAttribute("data-state")).toBe("failed");
    expect(inside(failedRun, "schedule-run-state")).toBe(`✗ ${t.history.states.failed}`);
    expect(inside(failedRun, "schedule-run-by")).toBe(t.history.requestedBy.user);
    expect(inside(failedRun, "schedule-run-error")).toBe(message("trigger_needs_assistant", {}));
    expect(inside(scheduled, "schedule-run-state")).toBe(`✓ ${t.history.states.succeeded}`);
    expect(inside(scheduled, "schedule-run-by")).toBe(t.history.requestedBy.schedule);
    expect(inside(scheduled, "schedule-run-due")).toBe("۱ فروردین ۱۴۰۴، ساعت ۱۱:۲۵:۰۵");
    expect(scheduled.textContent).toContain(t.history.missed(2));
    // What a run did waits behind its toggle.
    expect(byTestId("schedule-run-outcome")).toBeNull();
    click(scheduled.querySelector('[data-testid="schedule-run-toggle"]'));
    expect(inside(scheduled, "schedule-run-message")).toBe("پیام 2");
    expect(inside(scheduled, "schedule-run-answer")).toBe("پاسخ 2");
    expect(inside(scheduled, "schedule-run-no-deliveries")).toBe(tt.noDeliveries);
  });

  it("says when there are no runs yet, and the server's words when it cannot be read", async () => {
    panel = await renderPanel(TriggerPanel, trigger());
    expect(text("schedule-runs-empty")).toBe(t.history.empty);
    panel.unmount();
    route = () => failed(404, "not_found", "پیدا نشد.");
    panel = await renderPanel(TriggerPanel, trigger());
    expect(text("schedule-runs-error")).toBe("پیدا نشد.");
  });

  it("is asked again every few seconds, and the node read again when the engine moved on", async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    server = { is_active: true, next_run_time: NEXT, current_runs: 2, runs: [] };
    panel = await renderPanel(TriggerPanel, trigger(on));
    expect(gets()).toBe(1);
    const later = "2025-03-21T08:05:05Z";
    server = { is_active: true, next_run_time: later, current_runs: 3, runs: [run(4)] };
    route = (call) =>
      call.url === "/api/trigger/7" ? json(200, nodeView("trigger-7", { ...trigger().data, ...on, nextRunTime: later, currentRuns: 3, lastRunTime: NEXT })) : undefined;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    await settle();
    expect(calls.filter((c) => c.url === "/api/trigger/7/history")).toHaveLength(2);
    expect(calls.filter((c) => c.url === "/api/trigger/7")).toHaveLength(1);
    expect(text("schedule-next-run")).toBe("جمعه ۱ فروردین ۱۴۰۴، ساعت ۱۱:۳۵:۰۵");
    expect(fact("currentRuns")).toBe("۳ بار");
    expect(fact("lastRunTime")).toBe("۱ فروردین ۱۴۰۴ ساعت ۱۱:۳۰");
    expect(all("schedule-run")).toHaveLength(1);
    // Nothing moved on: the node is not read again.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    await settle();
    expect(calls.filter((c) => c.url === "/api/trigger/7/history")).toHaveLength(3);
    expect(calls.filter((c) => c.url === "/api/trigger/7")).toHaveLength(1);
  });
});

describe("run now", () => {
  it("sends the trigger's test message and shows the run first and open: the message, the answer and its delivery", async () => {
    server.runs = [run(2)];
    panel = await renderPanel(TriggerPanel, trigger());
    act(() =>
      panel.store.set(nodesAtom, [
        ...panel.store.get(nodesAtom),
        flowNode("telegram-5", { label: "ربات فروش" }),
        flowNode("sms-5", { label: "پیامک مدیر" }),
      ]),
    );
    const made = run(3, {
      requested_by: "user",
      outcome: {
        assistant_id: 4,
        message: "امروز چند سفارش داشتیم؟",
        answer: "۱۲ سفارش.",
        // An SMS node and a bot may share a database id: each is named from its own kind.
        deliveries: [
          { channel: "sms", node_id: 5, sent: true },
          { channel: "telegram", node_id: 5, sent: true },
          { channel: "sms", node_id: 9, sent: false, error: "اعتبار حساب کاوه‌نگار کافی نیست." },
        ],
      },
    });
    const answer = deferred<Response>();
    route = (call) => (call.method === "POST" ? answer.promise : undefined);
    typeInto(panel.host.querySelector('textarea[name="testMessage"]')!, "امروز چند سفارش داشتیم؟");
    click(byTestId("schedule-run-now"));
    expect(calls.at(-1)).toEqual({ method: "POST", url: "/api/trigger/7/test", body: { test_message: "امروز چند سفارش داشتیم؟" } });
    expect((byTestId("schedule-run-now") as HTMLButtonElement).disabled).toBe(true);
    expect(byTestId("schedule-run-now-progress")).not.toBeNull();

    // The history asked again still has the old list at first: the new run stays on top.
    const relisted = deferred<Response>();
    route = (call) => (call.method === "GET" ? relisted.promise : undefined);
    answer.resolve(json(200, { status: "success", message: message("trigger_test_sent", {}), run: made }));
    await settle();
    expect(text("schedule-run-now-done")).toBe(message("trigger_test_sent", {}));
    expect(all("schedule-run").map((li) => li.getAttribute("data-run-id"))).toEqual(["3", "2"]);
    const first = all("schedule-run")[0]!;
    expect(first.querySelector('[data-testid="schedule-run-message"]')!.textContent).toBe("امروز چند سفارش داشتیم؟");
    expect(first.querySelector('[data-testid="schedule-run-answer"]')!.textContent).toBe("۱۲ سفارش.");
    expect([...first.querySelectorAll('[data-testid="schedule-run-delivery"]')].map((li) => li.textContent)).toEqual([
      `${tt.bot("پیامک مدیر")}: ${tt.smsSent}`,
      `${tt.bot("ربات فروش")}: ${tt.sent}`,
      `${tt.smsUnnamed}: ${tt.notSent} اعتبار حساب کاوه‌نگار کافی نیست.`,
    ]);
    expect(first.querySelector('[data-testid="schedule-run-summary"]')!.textContent).toBe(tt.delivered(2, 3));

    relisted.resolve(json(200, { ...server, runs: [made, run(2)] }));
    await settle();
    expect(all("schedule-run").map((li) => li.getAttribute("data-run-id"))).toEqual(["3", "2"]);
  });

  it("leaves a blank test message out, so the node's own message goes, and alarms with the details of a failure", async () => {
    panel = await renderPanel(TriggerPanel, trigger());
    const why = message("assistant_unavailable", {});
    route = (call) =>
      call.method === "POST"
        ? json(200, {
            status: "error",
            message: message("trigger_test_failed", {}),
            error_details: why,
            run: run(5, { state: "failed", requested_by: "user", error: why }),
          })
        : undefined;
    typeInto(panel.host.querySelector('textarea[name="testMessage"]')!, "   ");
    click(byTestId("schedule-run-now"));
    await settle();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({});
    const alarm = byTestId("schedule-run-now-error")!;
    expect(alarm.getAttribute("role")).toBe("alert");
    expect(alarm.textContent).toContain(message("trigger_test_failed", {}));
    expect(alarm.textContent).toContain(why);
  });

  it("calls a scheduler's request and shows its status and output", async () => {
    server = { is_active: false, current_runs: 0, runs: [] };
    panel = await renderPanel(SchedulerPanel, flowNode("scheduler-3"));
    const made = run(8, {
      requested_by: "user",
      outcome: { request_id: 9, request: { ok: true, status: 200, output: { status: 200, data: { orders: 12 } }, duration_ms: 85 } },
    });
    route = (call) => (call.method === "POST" ? json(200, made) : undefined);
    expect(byTestId("schedule-run-now")).not.toBeNull();
    expect(panel.host.querySelector('textarea[name="testMessage"]')).toBeNull();
    click(byTestId("schedule-run-now"));
    await settle();
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", url: "/api/scheduler/3/test-run", body: undefined });
    expect(text("schedule-run-now-done")).toBe(t.now.done);
    expect(text("schedule-run-status")).toBe("کد ۲۰۰ · ۸۵ میلی‌ثانیه");
    expect(JSON.parse(text("schedule-run-output"))).toEqual({ status: 200, data: { orders: 12 } });
  });
});
