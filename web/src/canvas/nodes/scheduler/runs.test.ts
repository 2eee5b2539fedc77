import { describe, expect, it } from "vitest";
import type { RunView } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { requestedByText, runCountText, runStateOf, withRun } from "./runs";

const t = fa.nodes.scheduler.runs;

const run = (id: number, extra: Partial<RunView> = {}): RunView => ({
  id,
  due_at: "2025-03-21T08:00:00Z",
  requested_by: "schedule",
  missed: 0,
  state: "succeeded",
  attempts: 1,
  started_at: "2025-03-21T08:00:00Z",
  outcome: {},
  ...extra,
});

describe("a run's labels", () => {
  it("say who asked", () => {
    expect(requestedByText("schedule")).toBe(t.history.requestedBy.schedule);
    expect(requestedByText("user")).toBe(t.history.requestedBy.user);
  });

  it("read the three states, and an unknown one as still running", () => {
    expect(runStateOf({ state: "succeeded" })).toBe("succeeded");
    expect(runStateOf({ state: "failed" })).toBe("failed");
    expect(runStateOf({ state: "running" })).toBe("running");
    expect(runStateOf({ state: "queued" })).toBe("running");
  });
});

describe("runCountText", () => {
  it("counts runs, of the limit when there is one", () => {
    expect(runCountText(3, undefined)).toBe("۳ بار");
    expect(runCountText(3, 10)).toBe("۳ از ۱۰ بار");
  });
});

describe("withRun", () => {
  it("puts a run the list does not have yet first", () => {
    expect(withRun([run(2), run(1)], run(3)).map((r) => r.id)).toEqual([3, 2, 1]);
    expect(withRun([], run(3)).map((r) => r.id)).toEqual([3]);
  });

  it("leaves the server's list as it is once it lists the run", () => {
    const listed = [run(3, { state: "failed" }), run(2)];
    expect(withRun(listed, run(3))).toBe(listed);
  });

  it("leaves it too once newer runs pushed the run off the list", () => {
    const listed = [run(14), run(13)];
    expect(withRun(listed, run(3))).toBe(listed);
  });
});
