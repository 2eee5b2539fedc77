// @vitest-environment happy-dom
import { defaultNodeData, message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorBody, failure, json, serve } from "./fakeFetch";
import { runHistory, runSchedulerNow, switchSchedule, testTrigger } from "./schedules";
import { setToken } from "./token";

const node = (kind: "scheduler" | "trigger", isActive: boolean) => ({
  id: `${kind}-7`,
  type: kind,
  position: { x: 0, y: 0 },
  data: { ...defaultNodeData(kind).data, isActive, nextRunTime: isActive ? "2025-03-21T08:05:00Z" : undefined },
  database_id: 7,
});

const run = {
  id: 3,
  due_at: "2025-03-21T08:00:00Z",
  requested_by: "user",
  missed: 0,
  state: "succeeded",
  attempts: 1,
  started_at: "2025-03-21T08:00:00Z",
  finished_at: "2025-03-21T08:00:01Z",
  outcome: { request_id: 4, request: { ok: true, status: 200, output: { status: 200, data: {} }, duration_ms: 12 } },
};

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/projects/1");
  setToken("tok.en.an");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("switchSchedule", () => {
  it("activates and deactivates a trigger by name, so a second tab's click cannot flip it back", async () => {
    const calls = serve(() => json(200, node("trigger", true)));
    await expect(switchSchedule("trigger", 7, true)).resolves.toMatchObject({ id: "trigger-7" });
    await switchSchedule("trigger", 7, false);
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["PATCH", "/api/trigger/7/activate"],
      ["PATCH", "/api/trigger/7/deactivate"],
    ]);
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it("flips a scheduler, the only switch it has", async () => {
    const calls = serve(() => json(200, node("scheduler", true)));
    await switchSchedule("scheduler", 7, true);
    await switchSchedule("scheduler", 7, false);
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["PATCH", "/api/scheduler/7/toggle"],
      ["PATCH", "/api/scheduler/7/toggle"],
    ]);
  });

  it("fails with the rules' Persian reason when the trigger may not be switched on", async () => {
    const text = message("assistant_not_created", {});
    serve(() => json(422, errorBody("assistant_not_created", text, { trigger: "trigger-7" })));
    expect(await failure(switchSchedule("trigger", 7, true))).toMatchObject({
      status: 422,
      code: "assistant_not_created",
      message: text,
    });
  });
});

describe("runHistory", () => {
  it("gets /{kind}/{id}/history with the token and the caller's signal", async () => {
    const history = { is_active: true, next_run_time: "2025-03-21T08:05:00Z", current_runs: 2, runs: [run] };
    const calls = serve(() => json(200, history));
    const abort = new AbortController();
    await expect(runHistory("trigger", 7, abort.signal)).resolves.toEqual(history);
    await runHistory("scheduler", 8);
    expect(calls.map((c) => c.url)).toEqual(["/api/trigger/7/history", "/api/scheduler/8/history"]);
    expect(calls[0]!.init.method).toBe("GET");
    expect(calls[0]!.init.signal).toBe(abort.signal);
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok.en.an");
  });
});

describe("runSchedulerNow", () => {
  it("posts to /scheduler/{id}/test-run with no body and answers the run", async () => {
    const calls = serve(() => json(200, run));
    await expect(runSchedulerNow(7)).resolves.toEqual(run);
    expect(calls[0]!.url).toBe("/api/scheduler/7/test-run");
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.body).toBeUndefined();
  });
});

describe("testTrigger", () => {
  const outcome = { status: "success", message: message("trigger_test_sent", {}), run };

  it("posts an empty body when no test message is given, so the node's own message goes", async () => {
    const calls = serve(() => json(200, outcome));
    await expect(testTrigger(7)).resolves.toEqual(outcome);
    expect(calls[0]!.url).toBe("/api/trigger/7/test");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({});
  });

  it("posts the test message when one is given", async () => {
    const calls = serve(() => json(200, outcome));
    await testTrigger(7, "سلام، امروز چه خبر؟");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ test_message: "سلام، امروز چه خبر؟" });
  });
});
