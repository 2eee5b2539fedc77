// Deleting a node (spec §4): its edges leave the canvas with it; an
// analyzer's edges are deleted on the server first; a container goes alone,
// its children freed where the server says they now are.
import { message } from "@dastyar/rules";
import { createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { deleteContainer } from "../../api/containers";
import { disconnectSms, disconnectTrigger } from "../../api/disconnect";
import { deleteEdge } from "../../api/edges";
import { deleteNode, getNode } from "../../api/nodes";
import type { FlowEdge, FlowNode } from "../../canvas/model";
import { notificationsAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom, selectedNodeIdAtom } from "./atoms";
import { deleteNodeAtom } from "./deleteNode";
import { deferred, flowNode, flush, nodeView, PROJECT_ID, savedEdge, unsavedEdge, isolateEachTest } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

function canvasWith(nodes: FlowNode[], edges: FlowEdge[] = []) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  store.set(edgesAtom, edges);
  return store;
}

const nodeIds = (store: ReturnType<typeof createStore>) => store.get(nodesAtom).map((n) => n.id);
const edgeIds = (store: ReturnType<typeof createStore>) => store.get(edgesAtom).map((e) => e.id);
const texts = (store: ReturnType<typeof createStore>) => store.get(notificationsAtom).map((n) => n.text);

isolateEachTest();

beforeEach(() => {
  vi.mocked(getNode).mockRejectedValue(new Error("not asked for"));
  vi.mocked(deleteNode).mockResolvedValue(undefined);
  vi.mocked(deleteEdge).mockResolvedValue(undefined);
  vi.mocked(deleteContainer).mockResolvedValue([]);
});


describe("deleting a node", () => {
  it("deletes it on the server and takes it and its edges off the canvas", async () => {
    const toAssistant = savedEdge("function", "function-7", "assistant-1", 43);
    const unrelated = savedEdge("vector_store", "vectorstore-2", "assistant-1", 42);
    const store = canvasWith(
      [flowNode("assistant-1"), flowNode("vectorstore-2"), flowNode("function-7")],
      [toAssistant, unrelated],
    );
    store.set(selectedNodeIdAtom, "function-7");

    await expect(store.set(deleteNodeAtom, "function-7")).resolves.toBe(true);

    expect(deleteNode).toHaveBeenCalledWith("function", 7);
    expect(nodeIds(store)).toEqual(["assistant-1", "vectorstore-2"]);
    expect(edgeIds(store)).toEqual([unrelated.id]);
    // The server drops a node's edges with it: no separate edge calls.
    expect(deleteEdge).not.toHaveBeenCalled();
    expect(store.get(selectedNodeIdAtom)).toBeNull();
  });

  it("keeps the selection on another node", async () => {
    const store = canvasWith([flowNode("assistant-1"), flowNode("function-7")]);
    store.set(selectedNodeIdAtom, "assistant-1");
    await store.set(deleteNodeAtom, "function-7");
    expect(store.get(selectedNodeIdAtom)).toBe("assistant-1");
  });

  it("re-reads the nodes it was linked to", async () => {
    const store = canvasWith(
      [flowNode("assistant-1", { hasFunctions: true }), flowNode("function-7")],
      [savedEdge("function", "function-7", "assistant-1", 43)],
    );
    vi.mocked(getNode).mockResolvedValue(nodeView("assistant-1", { hasFunctions: false }));

    await store.set(deleteNodeAtom, "function-7");
    await flush();

    expect(getNode).toHaveBeenCalledWith("assistant", 1);
    expect(store.get(nodesAtom)[0]!.data).toMatchObject({ hasFunctions: false });
  });

  it("removes a node never stored, and a test frame, without calling the server", async () => {
    const store = canvasWith(
      [
        flowNode("assistant-1"),
        flowNode("function-temp-3", { creationStatus: "error" }),
        flowNode("testframe-temp-4"),
      ],
      [unsavedEdge("function", "function-temp-3", "assistant-1")],
    );

    await expect(store.set(deleteNodeAtom, "function-temp-3")).resolves.toBe(true);
    await expect(store.set(deleteNodeAtom, "testframe-temp-4")).resolves.toBe(true);

    expect(nodeIds(store)).toEqual(["assistant-1"]);
    expect(edgeIds(store)).toEqual([]);
    expect(deleteNode).not.toHaveBeenCalled();
    expect(deleteEdge).not.toHaveBeenCalled();
  });

  it("keeps the node and its edges when the server fails, saying so", async () => {
    const edge = savedEdge("function", "function-7", "assistant-1", 43);
    const store = canvasWith([flowNode("assistant-1"), flowNode("function-7")], [edge]);
    vi.mocked(deleteNode).mockRejectedValue(new ApiError(500, "internal_error", "x"));

    await expect(store.set(deleteNodeAtom, "function-7")).resolves.toBe(false);

    expect(nodeIds(store)).toEqual(["assistant-1", "function-7"]);
    expect(edgeIds(store)).toEqual([edge.id]);
    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "error", text: message("node_delete_failed", {}) }]);
  });

  it("answers true for a node already gone", async () => {
    const store = canvasWith([flowNode("assistant-1")]);
    await expect(store.set(deleteNodeAtom, "function-9")).resolves.toBe(true);
    expect(deleteNode).not.toHaveBeenCalled();
  });
});

describe("deleting an analyzer", () => {
  const fromContainer = savedEdge("analyzer", "container-4", "analyzer-3", 50);
  const toBot = savedEdge("telegram", "analyzer-3", "telegram-5", 51);
  const unrelated = savedEdge("vector_store", "vectorstore-2", "assistant-1", 52);

  const canvas = () =>
    canvasWith(
      [
        flowNode("container-4"),
        flowNode("analyzer-3"),
        flowNode("telegram-5"),
        flowNode("vectorstore-2"),
        flowNode("assistant-1"),
      ],
      [fromContainer, toBot, unrelated],
    );

  it("deletes each of its edges on the server before the analyzer itself", async () => {
    const store = canvas();

    await expect(store.set(deleteNodeAtom, "analyzer-3")).resolves.toBe(true);

    expect(deleteEdge).toHaveBeenCalledTimes(2);
    expect(deleteEdge).toHaveBeenCalledWith(50);
    expect(deleteEdge).toHaveBeenCalledWith(51);
    expect(deleteNode).toHaveBeenCalledWith("analyzer", 3);
    const lastEdgeCall = Math.max(...vi.mocked(deleteEdge).mock.invocationCallOrder);
    expect(vi.mocked(deleteNode).mock.invocationCallOrder[0]).toBeGreaterThan(lastEdgeCall);
    expect(nodeIds(store)).not.toContain("analyzer-3");
    expect(edgeIds(store)).toEqual([unrelated.id]);
  });

  it("does not delete the analyzer while an edge is still being deleted", async () => {
    const store = canvas();
    const first = deferred<void>();
    vi.mocked(deleteEdge).mockReturnValueOnce(first.promise);

    const deleting = store.set(deleteNodeAtom, "analyzer-3");
    await flush();
    expect(deleteEdge).toHaveBeenCalledTimes(1);
    expect(deleteNode).not.toHaveBeenCalled();

    first.resolve();
    await deleting;
    expect(deleteEdge).toHaveBeenCalledTimes(2);
    expect(deleteNode).toHaveBeenCalledTimes(1);
  });

  it("keeps the analyzer when one of its edges cannot be deleted", async () => {
    const store = canvas();
    vi.mocked(deleteEdge).mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("down"));

    await expect(store.set(deleteNodeAtom, "analyzer-3")).resolves.toBe(false);

    expect(deleteNode).not.toHaveBeenCalled();
    expect(nodeIds(store)).toContain("analyzer-3");
    // The edge already deleted on the server is gone; the other stays.
    expect(edgeIds(store)).toEqual([toBot.id, unrelated.id]);
    expect(texts(store)).toEqual([message("node_delete_failed", {})]);
  });

  it("deletes other kinds' edges only with the node", async () => {
    const store = canvasWith(
      [flowNode("trigger-5", { messageTemplate: "x" }), flowNode("assistant-1")],
      [savedEdge("trigger", "trigger-5", "assistant-1", 60)],
    );
    await store.set(deleteNodeAtom, "trigger-5");
    expect(disconnectTrigger).not.toHaveBeenCalled();
    expect(disconnectSms).not.toHaveBeenCalled();
    expect(deleteNode).toHaveBeenCalledWith("trigger", 5);
    expect(edgeIds(store)).toEqual([]);
  });
});

describe("deleting a container", () => {
  const canvas = () =>
    canvasWith([
      flowNode("container-4", {}, { position: { x: 100, y: 100 } }),
      flowNode("assistant-1", {}, { parentId: "container-4", position: { x: 10, y: 20 } }),
      flowNode("function-7", {}, { parentId: "container-4", position: { x: 200, y: 40 } }),
      flowNode("vectorstore-2", {}, { position: { x: 900, y: 900 } }),
    ]);

  it("deletes the container only and frees its children at the positions the server answers", async () => {
    const store = canvas();
    vi.mocked(deleteContainer).mockResolvedValue([
      nodeView("assistant-1", {}, { position: { x: 110, y: 120 } }),
      nodeView("function-7", {}, { position: { x: 300, y: 140 } }),
    ]);

    await expect(store.set(deleteNodeAtom, "container-4")).resolves.toBe(true);

    expect(deleteContainer).toHaveBeenCalledWith(4);
    expect(deleteNode).not.toHaveBeenCalled();
    const nodes = store.get(nodesAtom);
    expect(nodes.map((n) => n.id)).toEqual(["assistant-1", "function-7", "vectorstore-2"]);
    expect(nodes[0]).toMatchObject({ position: { x: 110, y: 120 } });
    expect(nodes[1]).toMatchObject({ position: { x: 300, y: 140 } });
    expect(nodes[2]).toMatchObject({ position: { x: 900, y: 900 } });
    expect(nodes.every((n) => n.parentId === undefined)).toBe(true);
    expect(nodes.every((n) => !("parentId" in n))).toBe(true);
    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "success", text: message("container_deleted", {}) }]);
  });

  it("keeps the container and its children when the server fails", async () => {
    const store = canvas();
    vi.mocked(deleteContainer).mockRejectedValue(new ApiError(500, "internal_error", "x"));

    await expect(store.set(deleteNodeAtom, "container-4")).resolves.toBe(false);

    expect(nodeIds(store)).toEqual(["container-4", "assistant-1", "function-7", "vectorstore-2"]);
    expect(store.get(nodesAtom)[1]).toMatchObject({ parentId: "container-4", position: { x: 10, y: 20 } });
    expect(texts(store)).toEqual([message("node_delete_failed", {})]);
  });
});
