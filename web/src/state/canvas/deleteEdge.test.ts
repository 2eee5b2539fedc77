// Deleting an edge (spec §4, §8): dispatched by connection kind (trigger and
// SMS links through their own disconnect calls, other stored edges through
// DELETE /edges/{id}, unsaved ones locally), tracked while in flight.
import { message } from "@dastyar/rules";
import { createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { disconnectSms, disconnectTrigger } from "../../api/disconnect";
import { deleteEdge } from "../../api/edges";
import { getNode } from "../../api/nodes";
import type { FlowEdge } from "../../canvas/model";
import { notificationsAtom } from "../notifications";
import { deletingEdgesAtom, edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { deleteEdgeAtom, edgeWarningAtom } from "./deleteEdge";
import { removalOf } from "./edgeRemoval";
import { deferred, flowNode, flush, nodeView, PROJECT_ID, savedEdge, unsavedEdge, isolateEachTest } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

const triggerEdge = savedEdge("trigger", "trigger-5", "assistant-1", 40);
const smsEdge = savedEdge("sms", "assistant-1", "sms-6", 41);
const storeEdge = savedEdge("vector_store", "vectorstore-2", "assistant-1", 42);
const functionEdge = savedEdge("function", "function-7", "assistant-1", 43);

function canvasWith(...edges: FlowEdge[]) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, [
    flowNode("assistant-1", { assistant_id: "asst_1" }),
    flowNode("vectorstore-2"),
    flowNode("trigger-5", { messageTemplate: "سلام", isActive: true }),
    flowNode("sms-6"),
    flowNode("function-7"),
  ]);
  store.set(edgesAtom, edges);
  return store;
}

const ids = (store: ReturnType<typeof createStore>) => store.get(edgesAtom).map((e) => e.id);

isolateEachTest();

beforeEach(() => {
  vi.mocked(getNode).mockRejectedValue(new Error("not asked for"));
  vi.mocked(deleteEdge).mockResolvedValue(undefined);
  vi.mocked(disconnectTrigger).mockResolvedValue(undefined);
  vi.mocked(disconnectSms).mockResolvedValue(undefined);
});


describe("deleting an edge", () => {
  it("takes a trigger link off through the trigger's disconnect", async () => {
    const store = canvasWith(triggerEdge, storeEdge);

    await expect(store.set(deleteEdgeAtom, triggerEdge.id)).resolves.toBe(true);

    expect(disconnectTrigger).toHaveBeenCalledWith(5);
    expect(deleteEdge).not.toHaveBeenCalled();
    expect(disconnectSms).not.toHaveBeenCalled();
    expect(ids(store)).toEqual([storeEdge.id]);
  });

  it("takes an SMS link off through the SMS node's disconnect", async () => {
    const store = canvasWith(smsEdge, storeEdge);

    await expect(store.set(deleteEdgeAtom, smsEdge.id)).resolves.toBe(true);

    expect(disconnectSms).toHaveBeenCalledWith(6);
    expect(deleteEdge).not.toHaveBeenCalled();
    expect(disconnectTrigger).not.toHaveBeenCalled();
    expect(ids(store)).toEqual([storeEdge.id]);
  });

  it("deletes any other stored edge by its database id", async () => {
    const store = canvasWith(storeEdge, functionEdge);

    await expect(store.set(deleteEdgeAtom, functionEdge.id)).resolves.toBe(true);

    expect(deleteEdge).toHaveBeenCalledWith(43);
    expect(disconnectTrigger).not.toHaveBeenCalled();
    expect(disconnectSms).not.toHaveBeenCalled();
    expect(ids(store)).toEqual([storeEdge.id]);
  });

  it("removes an edge the server never stored locally, calling nothing", async () => {
    const failed = unsavedEdge("trigger", "trigger-5", "assistant-1", "error");
    const pending = { ...unsavedEdge("function", "function-7", "assistant-1", "pending"), id: "pending-edge" };
    const store = canvasWith(failed, pending, storeEdge);

    await expect(store.set(deleteEdgeAtom, failed.id)).resolves.toBe(true);
    await expect(store.set(deleteEdgeAtom, pending.id)).resolves.toBe(true);

    expect(ids(store)).toEqual([storeEdge.id]);
    expect(deleteEdge).not.toHaveBeenCalled();
    expect(disconnectTrigger).not.toHaveBeenCalled();
    expect(disconnectSms).not.toHaveBeenCalled();
  });

  it("re-reads both ends once the link is gone", async () => {
    const store = canvasWith(storeEdge);
    vi.mocked(getNode).mockImplementation(async (kind, id) =>
      kind === "assistant" ? nodeView("assistant-1", { vector_store_id: undefined, label: "بی‌پایگاه" }) : nodeView(`${kind}-${id}`),
    );

    await store.set(deleteEdgeAtom, storeEdge.id);
    await flush();

    expect(getNode).toHaveBeenCalledWith("vectorstore", 2);
    expect(getNode).toHaveBeenCalledWith("assistant", 1);
    expect(store.get(nodesAtom)[0]!.data.label).toBe("بی‌پایگاه");
  });

  it("answers true for an edge already gone", async () => {
    const store = canvasWith(storeEdge);
    await expect(store.set(deleteEdgeAtom, "no-such-edge")).resolves.toBe(true);
    expect(ids(store)).toEqual([storeEdge.id]);
    expect(deleteEdge).not.toHaveBeenCalled();
  });
});

describe("a deletion in flight", () => {
  it("is tracked until the server answers, and a second delete of the same edge does nothing", async () => {
    const store = canvasWith(storeEdge, functionEdge);
    const answer = deferred<void>();
    vi.mocked(deleteEdge).mockReturnValue(answer.promise);

    const first = store.set(deleteEdgeAtom, storeEdge.id);
    expect([...store.get(deletingEdgesAtom)]).toEqual([storeEdge.id]);
    expect(ids(store)).toEqual([storeEdge.id, functionEdge.id]);

    await expect(store.set(deleteEdgeAtom, storeEdge.id)).resolves.toBe(false);
    expect(deleteEdge).toHaveBeenCalledTimes(1);

    answer.resolve();
    await expect(first).resolves.toBe(true);
    expect(store.get(deletingEdgesAtom).size).toBe(0);
    expect(ids(store)).toEqual([functionEdge.id]);
  });

  it("does not hold up deleting another edge", async () => {
    const store = canvasWith(storeEdge, functionEdge);
    const answer = deferred<void>();
    vi.mocked(deleteEdge).mockReturnValueOnce(answer.promise).mockResolvedValueOnce(undefined);

    const first = store.set(deleteEdgeAtom, storeEdge.id);
    await expect(store.set(deleteEdgeAtom, functionEdge.id)).resolves.toBe(true);
    expect(deleteEdge).toHaveBeenCalledWith(43);
    expect([...store.get(deletingEdgesAtom)]).toEqual([storeEdge.id]);

    answer.resolve();
    await first;
    expect(ids(store)).toEqual([]);
  });
});

describe("a failed deletion", () => {
  it("says so, keeps the edge, and frees it for another try", async () => {
    const store = canvasWith(storeEdge);
    vi.mocked(deleteEdge).mockRejectedValueOnce(new ApiError(500, "internal_error", "x"));

    await expect(store.set(deleteEdgeAtom, storeEdge.id)).resolves.toBe(false);

    expect(store.get(notificationsAtom)).toMatchObject([
      { kind: "error", text: message("connection_delete_failed", {}) },
    ]);
    expect(store.get(edgesAtom)).toEqual([storeEdge]);
    expect(store.get(deletingEdgesAtom).size).toBe(0);

    await expect(store.set(deleteEdgeAtom, storeEdge.id)).resolves.toBe(true);
    expect(ids(store)).toEqual([]);
  });

  it("keeps a trigger link whose disconnect failed", async () => {
    const store = canvasWith(triggerEdge);
    vi.mocked(disconnectTrigger).mockRejectedValue(new ApiError(0, "network_error", "offline"));

    await expect(store.set(deleteEdgeAtom, triggerEdge.id)).resolves.toBe(false);

    expect(ids(store)).toEqual([triggerEdge.id]);
    expect(store.get(notificationsAtom).map((n) => n.text)).toEqual([message("connection_delete_failed", {})]);
  });
});

describe("the removal table", () => {
  it("maps each edge to its removal", () => {
    expect(removalOf(triggerEdge)).toEqual({ via: "trigger", triggerId: 5 });
    expect(removalOf(smsEdge)).toEqual({ via: "sms", smsId: 6 });
    expect(removalOf(storeEdge)).toEqual({ via: "edge", edgeDbId: 42 });
    expect(removalOf(unsavedEdge("sms", "assistant-1", "sms-6"))).toEqual({ via: "local" });
  });
});

describe("the warning before deleting", () => {
  it("warns before taking a trigger off its assistant", () => {
    const store = canvasWith(triggerEdge, storeEdge);
    expect(store.set(edgeWarningAtom, triggerEdge.id)).toMatchObject({ code: "trigger_disconnect_warning" });
  });

  it("has nothing to say for a plain link or a missing edge", () => {
    const store = canvasWith(triggerEdge, storeEdge);
    expect(store.set(edgeWarningAtom, storeEdge.id)).toBeNull();
    expect(store.set(edgeWarningAtom, "no-such-edge")).toBeNull();
  });
});
