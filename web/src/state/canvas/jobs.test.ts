// Polling an assistant-creation job (spec §4, §9): every 2 s, at most 150
// times; completed → success, failed → error with the job's reason, out of
// attempts → error with the timeout message.
import { constants, message } from "@dastyar/rules";
import type { JobView } from "../../api/types";
import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { createNode, getJob, getNodeUsage } from "../../api/nodes";
import { notificationsAtom } from "../notifications";
import { addNodeAtom } from "./addNode";
import { jobProgressAtom, nodesAtom, projectIdAtom } from "./atoms";
import { failedJobsAtom, pollDelay, pollJobAtom } from "./jobs";
import { flowNode, nodeView, PROJECT_ID, usage, isolateEachTest } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

const { jobPollIntervalMs, jobPollMaxAttempts } = constants().timings;

const job = (status: JobView["status"], extra: Partial<JobView> = {}): JobView => ({
  id: 12,
  status,
  progress: 0,
  attempts: 1,
  ...extra,
});

function canvasWith(...ids: string[]) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(
    nodesAtom,
    ids.map((id) => flowNode(id, { creationStatus: "pending" })),
  );
  return store;
}

const status = (store: ReturnType<typeof createStore>, id: string) =>
  store.get(nodesAtom).find((n) => n.id === id)?.data.creationStatus;

isolateEachTest();


describe("job polling", () => {
  it("waits the spec's 2 s between polls", () => {
    expect(jobPollIntervalMs).toBe(2000);
    expect(jobPollMaxAttempts).toBe(150);
    expect(pollDelay.ms).toBe(jobPollIntervalMs);
  });

  it("reports progress, then turns the node success with the job's node when it completes", async () => {
    const store = canvasWith("assistant-7");
    vi.mocked(getJob)
      .mockResolvedValueOnce(job("queued", { progress: 10 }))
      .mockResolvedValueOnce(job("processing", { progress: 60 }))
      .mockResolvedValueOnce(
        job("completed", {
          progress: 100,
          result: { node: nodeView("assistant-7", { creationStatus: "success", assistant_id: "asst_abc" }) },
        }),
      );

    const polled = store.set(pollJobAtom, "assistant-7", 12);
    expect(store.get(jobProgressAtom).get("assistant-7")).toBe(0);

    await vi.advanceTimersByTimeAsync(1999);
    expect(getJob).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(getJob).toHaveBeenCalledWith(12);
    expect(store.get(jobProgressAtom).get("assistant-7")).toBe(10);
    expect(status(store, "assistant-7")).toBe("pending");

    await vi.advanceTimersByTimeAsync(2000);
    expect(store.get(jobProgressAtom).get("assistant-7")).toBe(60);

    await vi.advanceTimersByTimeAsync(2000);
    await expect(polled).resolves.toBe(true);
    expect(getJob).toHaveBeenCalledTimes(3);
    expect(store.get(nodesAtom)[0]).toMatchObject({
      id: "assistant-7",
      data: { creationStatus: "success", assistant_id: "asst_abc" },
    });
    expect(store.get(jobProgressAtom).has("assistant-7")).toBe(false);
    expect(store.get(failedJobsAtom).has("assistant-7")).toBe(false);
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it("turns the node success when the job completes without a node in its result", async () => {
    const store = canvasWith("analyzer-3");
    vi.mocked(getJob).mockResolvedValue(job("completed", { progress: 100 }));

    const polled = store.set(pollJobAtom, "analyzer-3", 12);
    await vi.advanceTimersByTimeAsync(jobPollIntervalMs);

    await expect(polled).resolves.toBe(true);
    expect(status(store, "analyzer-3")).toBe("success");
  });

  it("a failed job leaves the node in error with the job's reason, and remembers the job", async () => {
    const store = canvasWith("assistant-7", "vectorstore-2");
    vi.mocked(getJob)
      .mockResolvedValueOnce(job("processing", { progress: 40 }))
      .mockResolvedValueOnce(job("failed", { error: "سهمیهٔ ارائه‌دهنده تمام شد" }));

    const polled = store.set(pollJobAtom, "assistant-7", 12);
    await vi.advanceTimersByTimeAsync(2 * jobPollIntervalMs);

    await expect(polled).resolves.toBe(false);
    expect(status(store, "assistant-7")).toBe("error");
    expect(status(store, "vectorstore-2")).toBe("pending");
    expect(store.get(notificationsAtom)).toMatchObject([
      { kind: "error", text: message("job_failed", { error: "سهمیهٔ ارائه‌دهنده تمام شد" }) },
    ]);
    expect(store.get(failedJobsAtom).get("assistant-7")).toBe(12);
    expect(store.get(jobProgressAtom).has("assistant-7")).toBe(false);
  });

  it("gives up after 150 attempts with the timeout message", async () => {
    const store = canvasWith("assistant-7");
    vi.mocked(getJob).mockResolvedValue(job("processing", { progress: 50 }));
    let settled = false;
    const polled = store.set(pollJobAtom, "assistant-7", 12).then((ok) => {
      settled = true;
      return ok;
    });

    await vi.advanceTimersByTimeAsync((jobPollMaxAttempts - 1) * jobPollIntervalMs);
    expect(getJob).toHaveBeenCalledTimes(149);
    expect(settled).toBe(false);
    expect(status(store, "assistant-7")).toBe("pending");

    await vi.advanceTimersByTimeAsync(jobPollIntervalMs);
    await expect(polled).resolves.toBe(false);
    expect(getJob).toHaveBeenCalledTimes(150);
    expect(status(store, "assistant-7")).toBe("error");
    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "error", text: message("job_timeout", {}) }]);
    expect(store.get(failedJobsAtom).get("assistant-7")).toBe(12);

    await vi.advanceTimersByTimeAsync(10 * jobPollIntervalMs);
    expect(getJob).toHaveBeenCalledTimes(150);
  });

  it("counts a poll that did not get through as an attempt and keeps polling", async () => {
    const store = canvasWith("assistant-7");
    vi.mocked(getJob)
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(job("completed"));

    const polled = store.set(pollJobAtom, "assistant-7", 12);
    await vi.advanceTimersByTimeAsync(2 * jobPollIntervalMs);

    await expect(polled).resolves.toBe(true);
    expect(getJob).toHaveBeenCalledTimes(2);
    expect(status(store, "assistant-7")).toBe("success");
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it("times out when no poll ever gets through", async () => {
    const store = canvasWith("assistant-7");
    vi.mocked(getJob).mockRejectedValue(new Error("offline"));

    const polled = store.set(pollJobAtom, "assistant-7", 12);
    await vi.advanceTimersByTimeAsync(jobPollMaxAttempts * jobPollIntervalMs);

    await expect(polled).resolves.toBe(false);
    expect(getJob).toHaveBeenCalledTimes(150);
    expect(store.get(notificationsAtom).map((n) => n.text)).toEqual([message("job_timeout", {})]);
  });

  it("stops quietly when the node is deleted", async () => {
    const store = canvasWith("assistant-7");
    vi.mocked(getJob).mockResolvedValue(job("processing", { progress: 20 }));

    const polled = store.set(pollJobAtom, "assistant-7", 12);
    await vi.advanceTimersByTimeAsync(jobPollIntervalMs);
    expect(getJob).toHaveBeenCalledTimes(1);

    store.set(nodesAtom, []);
    await vi.advanceTimersByTimeAsync(jobPollIntervalMs);

    await expect(polled).resolves.toBe(false);
    expect(getJob).toHaveBeenCalledTimes(1);
    expect(store.get(jobProgressAtom).has("assistant-7")).toBe(false);
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it("stops quietly when the canvas is closed", async () => {
    const store = canvasWith("assistant-7");
    vi.mocked(getJob).mockResolvedValue(job("processing"));

    const polled = store.set(pollJobAtom, "assistant-7", 12);
    store.set(projectIdAtom, null);
    await vi.advanceTimersByTimeAsync(jobPollIntervalMs);

    await expect(polled).resolves.toBe(false);
    expect(getJob).not.toHaveBeenCalled();
  });

  it("can be made faster through pollDelay", async () => {
    const store = canvasWith("assistant-7");
    vi.mocked(getJob).mockResolvedValue(job("completed"));
    pollDelay.ms = 5;
    try {
      const polled = store.set(pollJobAtom, "assistant-7", 12);
      await vi.advanceTimersByTimeAsync(5);
      await expect(polled).resolves.toBe(true);
    } finally {
      pollDelay.ms = jobPollIntervalMs;
    }
  });
});

describe("an assistant created through a job", () => {
  it("is pending under its server id until the job completes, then success", async () => {
    const store = createStore();
    store.set(projectIdAtom, PROJECT_ID);
    vi.mocked(getNodeUsage).mockResolvedValue(usage());
    vi.mocked(createNode).mockResolvedValue({
      node: nodeView("assistant-7", { creationStatus: "pending" }),
      jobId: 31,
    });
    vi.mocked(getJob)
      .mockResolvedValueOnce(job("processing", { id: 31, progress: 50 }))
      .mockResolvedValueOnce(
        job("completed", { id: 31, result: { node: nodeView("assistant-7", { assistant_id: "asst_x" }) } }),
      );

    await expect(store.set(addNodeAtom, { kind: "assistant" })).resolves.toBe("assistant-7");
    expect(store.get(nodesAtom)).toMatchObject([{ id: "assistant-7", data: { creationStatus: "pending" } }]);
    expect(store.get(jobProgressAtom).get("assistant-7")).toBe(0);

    await vi.advanceTimersByTimeAsync(jobPollIntervalMs);
    expect(getJob).toHaveBeenCalledWith(31);
    expect(store.get(jobProgressAtom).get("assistant-7")).toBe(50);

    await vi.advanceTimersByTimeAsync(jobPollIntervalMs);
    expect(store.get(nodesAtom)).toMatchObject([
      { id: "assistant-7", data: { creationStatus: "success", assistant_id: "asst_x" } },
    ]);
  });
});
