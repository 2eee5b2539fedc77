// @vitest-environment happy-dom
// A scheduler's or trigger's card: the switch, the run count, the next run.
import { message } from "@dastyar/rules";
import { createStore, useAtomValue } from "jotai";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { flowNode, nodeView } from "../../../state/canvas/testFixtures";
import { clockAtom } from "../../../state/clock";
import { notificationsAtom } from "../../../state/notifications";
import { click, failed, mount, routedFetch, settle, type Call, type Mounted, type Route } from "../../panels/panelTesting";
import type { ScheduleData } from "./schedule";
import { ScheduleCardState } from "./ScheduleCardState";

const NEXT = "2025-03-21T08:00:05Z";
const NOT_READY = message("trigger_schedule_invalid", {});

let calls: Call[];
let route: Route;
let card: Mounted;

/** A click React Flow's node wrapper would get (it listens with React's onClick). */
const reachedNode = vi.fn();

/** The card's part for node `id` as the canvas holds it, redrawn when the node changes. */
function Card({ id }: { id: string }) {
  return (
    <div onClick={reachedNode}>
      <ScheduleCardState id={id} data={useAtomValue(nodesAtom)[0]!.data as ScheduleData} />
    </div>
  );
}

async function render(data: Record<string, unknown>) {
  const store = createStore();
  store.set(nodesAtom, [flowNode("trigger-7", data)]);
  card = await mount(store, <Card id="trigger-7" />);
}

const byTestId = (id: string) => card.host.querySelector(`[data-testid="${id}"]`);

beforeEach(() => {
  reachedNode.mockReset();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.parse(NEXT) - 60_000);
  route = () => undefined;
  calls = routedFetch((call) => route(call));
});

afterEach(() => {
  card.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the card of a trigger", () => {
  it("switched on shows its runs of its limit, its next run in Jalali time and the time left", async () => {
    await render({ isActive: true, nextRunTime: NEXT, currentRuns: 3, maxRuns: 10 });
    expect(byTestId("schedule-switch")!.getAttribute("aria-checked")).toBe("true");
    expect(byTestId("schedule-switch-state")!.textContent).toBe(fa.nodes.scheduler.schedule.active);
    expect(byTestId("schedule-run-count")!.textContent).toBe("۳ از ۱۰ بار");
    expect(byTestId("schedule-next-run")!.textContent).toBe("۱ فروردین ۱۴۰۴، ساعت ۱۱:۳۰:۰۵");
    act(() => card.store.set(clockAtom, Date.parse(NEXT) - 61_000));
    expect(byTestId("schedule-countdown")!.textContent).toBe("۱ دقیقه و ۱ ثانیه دیگر");
    expect(calls).toEqual([]);
  });

  it("switched off shows neither", async () => {
    await render({ isActive: false });
    expect(byTestId("schedule-switch-state")!.textContent).toBe(fa.nodes.scheduler.schedule.inactive);
    expect(byTestId("schedule-next-run")).toBeNull();
    expect(byTestId("schedule-countdown")).toBeNull();
  });

  it("is switched on from the card without the click reaching the node", async () => {
    await render({ isActive: false });
    route = (call) => (call.method === "PATCH" ? json(200, nodeView("trigger-7", { isActive: true, nextRunTime: NEXT })) : undefined);
    click(byTestId("schedule-switch"));
    await settle();
    expect(calls).toEqual([{ method: "PATCH", url: "/api/trigger/7/activate", body: undefined }]);
    expect(reachedNode).not.toHaveBeenCalled();
    expect((card.store.get(nodesAtom)[0]!.data as ScheduleData).isActive).toBe(true);
    expect(byTestId("schedule-switch")!.classList.contains("nodrag")).toBe(true);
  });

  it("says why it may not be switched on, as a notification", async () => {
    await render({ isActive: false });
    route = (call) => (call.method === "PATCH" ? failed(422, "trigger_schedule_invalid", NOT_READY) : undefined);
    click(byTestId("schedule-switch"));
    await settle();
    expect(card.store.get(notificationsAtom)).toMatchObject([{ kind: "error", text: NOT_READY }]);
    expect(byTestId("schedule-switch-error")).toBeNull();
  });
});
