// Retrying a node (spec §4): pending first; then created anew when it was
// never stored, its failed job retried, or its settings re-sent. Test frames
// are not retried.
import { constants, kindInfo, message } from "@dastyar/rules";
import type { JobView, NodeView } from "../../api/types";
import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { renameContainer, resizeContainer } from "../../api/containers";
import { createNode, getJob, retryJob, updateNode, type Created } from "../../api/nodes";
import { notificationsAtom } from "../notifications";
import { nodesAtom, projectIdAtom } from "./atoms";
import { failedJobsAtom, pollJobAtom } from "./jobs";
import { retryNodeAtom } from "./retry";
import { deferred, flowNode, nodeView, PROJECT_ID, isolateEachTest } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

const { jobPollIntervalMs } = constants().timings;

function canvasWith(...nodes: ReturnType<typeof flowNode>[]) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  return store;
}

const only = (store: ReturnType<typeof createStore>) => store.get(nodesAtom)[0]!;
const texts = (store: ReturnType<typeof createStore>) => store.get(notificationsAtom).map((n) => n.text);

isolateEachTest();


describe("retrying a node", () => {
  it("does not retry a test frame", async () => {
    const store = canvasWith(flowNode("testframe-temp-1", { creationStatus: "error" }));

    await expect(store.set(retryNodeAtom, "testframe-temp-1")).resolves.toBe(false);

    expect(only(store).data.creationStatus).toBe("error");
    expect(createNode).not.toHaveBeenCalled();
    expect(updateNode).not.toHaveBeenCalled();
  });

  it("answers false for a node that is not there", async () => {
    const store = canvasWith();
    await expect(store.set(retryNodeAtom, "function-3")).resolves.toBe(false);
  });

  it("recreates a node that was never stored: pending, then its server id and status", async () => {
    const store = canvasWith(flowNode("function-temp-1", { creationStatus: "error", functionName: "lookup" }));
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);

    const retried = store.set(retryNodeAtom, "function-temp-1");

    expect(only(store)).toMatchObject({ id: "function-temp-1", data: { creationStatus: "pending" } });
    expect(createNode).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createNode).mock.calls[0]![0]).toBe("function");
    expect(vi.mocked(createNode).mock.calls[0]![1].payload).toMatchObject({ name: "lookup" });

    answer.resolve({ node: nodeView("function-5", { creationStatus: "pending_assistant" }) });
    await expect(retried).resolves.toBe(true);
    expect(only(store)).toMatchObject({ id: "function-5", data: { creationStatus: "pending_assistant" } });
    expect(updateNode).not.toHaveBeenCalled();
  });

  it("puts a node that fails to be recreated back in error, saying so", async () => {
    const store = canvasWith(flowNode("filedb-temp-1", { creationStatus: "error" }));
    vi.mocked(createNode).mockRejectedValue(new Error("down"));

    await expect(store.set(retryNodeAtom, "filedb-temp-1")).resolves.toBe(false);

    expect(only(store)).toMatchObject({ id: "filedb-temp-1", data: { creationStatus: "error" } });
    expect(texts(store)).toEqual([message("node_add_failed", { type: kindInfo("filedb")!.label })]);
  });

  it("re-sends a stored node's settings: pending, then the server's data", async () => {
    const store = canvasWith(flowNode("assistant-1", { creationStatus: "success", label: "پشتیبان", model: "gpt-4o" }));
    const answer = deferred<NodeView>();
    vi.mocked(updateNode).mockReturnValue(answer.promise);

    const retried = store.set(retryNodeAtom, "assistant-1");

    expect(only(store).data.creationStatus).toBe("pending");
    expect(updateNode).toHaveBeenCalledWith(
      "assistant",
      1,
      expect.objectContaining({ name: "پشتیبان", model: "gpt-4o" }),
    );
    answer.resolve(nodeView("assistant-1", { label: "پشتیبان", model: "gpt-4o", assistant_id: "asst_1" }));

    await expect(retried).resolves.toBe(true);
    expect(only(store)).toMatchObject({
      id: "assistant-1",
      data: { creationStatus: "success", assistant_id: "asst_1" },
    });
    expect(createNode).not.toHaveBeenCalled();
  });

  it("re-sends, rather than duplicates, a stored node in error after a failed update", async () => {
    const store = canvasWith(flowNode("vectorstore-2", { creationStatus: "error" }));
    vi.mocked(updateNode).mockResolvedValue(nodeView("vectorstore-2"));

    await expect(store.set(retryNodeAtom, "vectorstore-2")).resolves.toBe(true);

    expect(updateNode).toHaveBeenCalledWith("vectorstore", 2, expect.any(Object));
    expect(createNode).not.toHaveBeenCalled();
    expect(only(store)).toMatchObject({ id: "vectorstore-2", data: { creationStatus: "success" } });
  });

  it("leaves the node in error when the re-sent update fails", async () => {
    const store = canvasWith(flowNode("sms-6", { creationStatus: "success" }));
    vi.mocked(updateNode).mockRejectedValue(new ApiError(422, "sms_incomplete", "پیکربندی کامل نیست"));

    await expect(store.set(retryNodeAtom, "sms-6")).resolves.toBe(false);

    expect(only(store).data.creationStatus).toBe("error");
    expect(texts(store)).toEqual([
      `${message("node_update_failed", { type: kindInfo("sms")!.label })} پیکربندی کامل نیست`,
    ]);
  });

  it("re-sends a stored container's name and size", async () => {
    const store = canvasWith(flowNode("container-4", { creationStatus: "error", label: "پشتیبانی", width: 500, height: 320 }));
    vi.mocked(renameContainer).mockResolvedValue(nodeView("container-4", { label: "پشتیبانی" }));
    vi.mocked(resizeContainer).mockResolvedValue(
      nodeView("container-4", { label: "پشتیبانی", width: 500, height: 320 }),
    );

    await expect(store.set(retryNodeAtom, "container-4")).resolves.toBe(true);

    expect(renameContainer).toHaveBeenCalledWith(4, "پشتیبانی");
    expect(resizeContainer).toHaveBeenCalledWith(4, 500, 320);
    expect(createNode).not.toHaveBeenCalled();
    expect(only(store).data).toMatchObject({ creationStatus: "success", width: 500, height: 320 });
  });
});

describe("retrying an assistant whose creation job failed", () => {
  const failedJob = (id: number): JobView => ({ id, status: "failed", progress: 30, attempts: 1, error: "x" });

  /** An assistant stored, whose job `12` failed on the first poll. */
  async function failedAssistant() {
    const store = canvasWith(flowNode("assistant-7", { creationStatus: "pending" }));
    vi.mocked(getJob).mockResolvedValueOnce(failedJob(12));
    const polled = store.set(pollJobAtom, "assistant-7", 12);
    await vi.advanceTimersByTimeAsync(jobPollIntervalMs);
    await polled;
    expect(only(store).data.creationStatus).toBe("error");
    expect(store.get(failedJobsAtom).get("assistant-7")).toBe(12);
    vi.mocked(getJob).mockReset();
    return store;
  }

  it("retries the job and polls it again, instead of creating another assistant", async () => {
    const store = await failedAssistant();
    vi.mocked(retryJob).mockResolvedValue({ id: 12, status: "queued", progress: 0, attempts: 2 });
    vi.mocked(getJob).mockResolvedValue({
      id: 12,
      status: "completed",
      progress: 100,
      attempts: 2,
      result: { node: nodeView("assistant-7", { assistant_id: "asst_7" }) },
    });

    const retried = store.set(retryNodeAtom, "assistant-7");
    expect(only(store).data.creationStatus).toBe("pending");
    await vi.advanceTimersByTimeAsync(jobPollIntervalMs);

    await expect(retried).resolves.toBe(true);
    expect(retryJob).toHaveBeenCalledWith(12);
    expect(getJob).toHaveBeenCalledWith(12);
    expect(createNode).not.toHaveBeenCalled();
    expect(updateNode).not.toHaveBeenCalled();
    expect(only(store)).toMatchObject({ data: { creationStatus: "success", assistant_id: "asst_7" } });
    expect(store.get(failedJobsAtom).has("assistant-7")).toBe(false);
  });

  it("puts the node back in error when the job cannot be retried", async () => {
    const store = await failedAssistant();
    const before = store.get(notificationsAtom).length;
    vi.mocked(retryJob).mockRejectedValue(new ApiError(500, "internal_error", "x"));

    await expect(store.set(retryNodeAtom, "assistant-7")).resolves.toBe(false);

    expect(only(store).data.creationStatus).toBe("error");
    expect(texts(store).slice(before)).toEqual([message("node_add_failed", { type: kindInfo("assistant")!.label })]);
    await vi.advanceTimersByTimeAsync(5 * jobPollIntervalMs);
    expect(getJob).not.toHaveBeenCalled();
  });
});
