// Grouping selected nodes into a new container (spec §4, §9): the box is the
// rules' grouping box (250 x 150 per node, 50 px padding); the container is
// pending at once, removed again if the server refuses it.
import { groupingBox, kindInfo, message } from "@dastyar/rules";
import type { NodeView } from "../../api/types";
import { createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { createNode, setNodeContainer, type Created } from "../../api/nodes";
import type { FlowNode } from "../../canvas/model";
import { notificationsAtom } from "../notifications";
import { nodesAtom, projectIdAtom } from "./atoms";
import { groupNodesAtom } from "./containers";
import { deferred, flowNode, flush, NOW, nodeView, PROJECT_ID, isolateEachTest } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

const TEMP = `container-temp-${NOW}`;

function canvasWith(...nodes: FlowNode[]) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  return store;
}

const nodeOf = (store: ReturnType<typeof createStore>, id: string) => store.get(nodesAtom).find((n) => n.id === id);
const texts = (store: ReturnType<typeof createStore>) => store.get(notificationsAtom).map((n) => n.text);

const two = () => [
  flowNode("function-7", {}, { position: { x: 100, y: 100 } }),
  flowNode("assistant-1", {}, { position: { x: 400, y: 250 } }),
];

/** The server's container for the group's box. */
const savedContainer = (width = 650, height = 400): Created => ({
  node: nodeView("container-9", { width, height }, { position: { x: 50, y: 50 } }),
});

isolateEachTest();

beforeEach(() => {
  vi.mocked(setNodeContainer).mockImplementation(async (kind, id, containerId, at) =>
    nodeView(`${kind}-${id}`, {}, { position: at, parentId: `container-${containerId}` }),
  );
});


describe("grouping nodes", () => {
  it("shows a pending container over the nodes' grouping box at once", async () => {
    const store = canvasWith(...two());
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);

    const grouped = store.set(groupNodesAtom, ["function-7", "assistant-1"]);

    const box = groupingBox([
      { x: 100, y: 100 },
      { x: 400, y: 250 },
    ])!;
    // 250 x 150 per node and 50 px all round.
    expect(box).toEqual({ x: 50, y: 50, width: 650, height: 400 });
    const [provisional] = store.get(nodesAtom);
    expect(provisional).toMatchObject({
      id: TEMP,
      type: "container",
      position: { x: 50, y: 50 },
      width: 650,
      height: 400,
      data: { creationStatus: "pending", width: 650, height: 400 },
    });
    expect(createNode).toHaveBeenCalledWith("container", {
      projectId: PROJECT_ID,
      name: kindInfo("container")!.label,
      position: { x: 50, y: 50 },
      containerId: null,
      payload: expect.objectContaining({ width: 650, height: 400 }),
    });

    answer.resolve(savedContainer());
    await expect(grouped).resolves.toBe("container-9");
  });

  it("moves the nodes into the saved container at their positions relative to it", async () => {
    const store = canvasWith(...two());
    vi.mocked(createNode).mockResolvedValue(savedContainer());

    await expect(store.set(groupNodesAtom, ["function-7", "assistant-1"])).resolves.toBe("container-9");

    expect(setNodeContainer).toHaveBeenCalledTimes(2);
    expect(setNodeContainer).toHaveBeenCalledWith("function", 7, 9, { x: 50, y: 50 });
    expect(setNodeContainer).toHaveBeenCalledWith("assistant", 1, 9, { x: 350, y: 200 });
    expect(store.get(nodesAtom).map((n) => n.id)).toEqual(["container-9", "function-7", "assistant-1"]);
    expect(nodeOf(store, "function-7")).toMatchObject({ parentId: "container-9", position: { x: 50, y: 50 } });
    expect(nodeOf(store, "assistant-1")).toMatchObject({ parentId: "container-9", position: { x: 350, y: 200 } });
    expect(nodeOf(store, "container-9")!.data.creationStatus).toBe("success");
    expect(store.get(notificationsAtom)).toMatchObject([
      { kind: "success", text: message("container_created", {}) },
    ]);
  });

  it("removes the provisional container when the server refuses it, leaving the nodes alone", async () => {
    const store = canvasWith(...two());
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);

    const grouped = store.set(groupNodesAtom, ["function-7", "assistant-1"]);
    expect(nodeOf(store, TEMP)).toBeDefined();
    answer.reject(new ApiError(500, "internal_error", "x"));

    await expect(grouped).resolves.toBeNull();
    expect(store.get(nodesAtom).map((n) => n.id)).toEqual(["function-7", "assistant-1"]);
    expect(nodeOf(store, "function-7")).toMatchObject({ position: { x: 100, y: 100 } });
    expect(nodeOf(store, "function-7")!.parentId).toBeUndefined();
    expect(setNodeContainer).not.toHaveBeenCalled();
    expect(texts(store)).toContain(message("group_create_failed", {}));
    expect(store.get(notificationsAtom).every((n) => n.kind === "error")).toBe(true);
  });

  it("puts back a node that fails to join, keeping the others in", async () => {
    const store = canvasWith(...two());
    vi.mocked(createNode).mockResolvedValue(savedContainer());
    const assistantJoin = deferred<NodeView>();
    vi.mocked(setNodeContainer).mockImplementation(async (kind, id, containerId, at) => {
      if (kind === "assistant") return assistantJoin.promise;
      return nodeView(`${kind}-${id}`, {}, { position: at, parentId: `container-${containerId}` });
    });

    const grouped = store.set(groupNodesAtom, ["function-7", "assistant-1"]);
    await flush();
    // Both are shown inside while the server works.
    expect(nodeOf(store, "assistant-1")).toMatchObject({ parentId: "container-9", position: { x: 350, y: 200 } });
    assistantJoin.reject(new Error("down"));

    await expect(grouped).resolves.toBe("container-9");
    expect(nodeOf(store, "assistant-1")).toMatchObject({ position: { x: 400, y: 250 } });
    expect(nodeOf(store, "assistant-1")!.parentId).toBeUndefined();
    expect(nodeOf(store, "function-7")).toMatchObject({ parentId: "container-9" });
    expect(texts(store)).toEqual([message("node_add_to_container_failed", {}), message("container_created", {})]);
  });

  it("leaves out an analyzer, saying it must be connected instead", async () => {
    const store = canvasWith(...two(), flowNode("analyzer-3", {}, { position: { x: 2000, y: 2000 } }));
    vi.mocked(createNode).mockResolvedValue(savedContainer());

    await store.set(groupNodesAtom, ["function-7", "assistant-1", "analyzer-3"]);

    expect(texts(store)[0]).toBe(message("analyzer_inside_container", {}));
    // The box covers the two others only.
    expect(vi.mocked(createNode).mock.calls[0]![1]).toMatchObject({
      position: { x: 50, y: 50 },
      payload: { width: 650, height: 400 },
    });
    expect(setNodeContainer).not.toHaveBeenCalledWith("analyzer", 3, expect.anything(), expect.anything());
    expect(nodeOf(store, "analyzer-3")!.parentId).toBeUndefined();
  });

  it("leaves out a kind that never goes into containers, saying so with the kind's name", async () => {
    const store = canvasWith(...two(), flowNode("instruction-4", {}, { position: { x: 2000, y: 2000 } }));
    vi.mocked(createNode).mockResolvedValue(savedContainer());

    await store.set(groupNodesAtom, ["function-7", "instruction-4", "assistant-1"]);

    expect(texts(store)[0]).toBe(message("node_cannot_move_to_container", { type: kindInfo("instruction")!.label }));
    expect(setNodeContainer).toHaveBeenCalledTimes(2);
    expect(nodeOf(store, "instruction-4")!.parentId).toBeUndefined();
  });

  it("leaves out nodes not yet stored and nodes already in a container", async () => {
    const store = canvasWith(
      flowNode("container-6", {}, { position: { x: 1000, y: 1000 } }),
      ...two(),
      flowNode("vectorstore-temp-5", { creationStatus: "pending" }, { position: { x: 3000, y: 0 } }),
      flowNode("sms-8", {}, { parentId: "container-6", position: { x: 10, y: 10 } }),
    );
    vi.mocked(createNode).mockResolvedValue(savedContainer());

    await store.set(groupNodesAtom, ["function-7", "assistant-1", "vectorstore-temp-5", "sms-8"]);

    expect(setNodeContainer).toHaveBeenCalledTimes(2);
    expect(nodeOf(store, "sms-8")!.parentId).toBe("container-6");
    expect(nodeOf(store, "vectorstore-temp-5")!.parentId).toBeUndefined();
  });

  it("makes no container when nothing can be grouped", async () => {
    const store = canvasWith(
      flowNode("analyzer-3", {}, { position: { x: 0, y: 0 } }),
      flowNode("vectorstore-temp-5", { creationStatus: "pending" }),
    );

    await expect(store.set(groupNodesAtom, ["analyzer-3", "vectorstore-temp-5"])).resolves.toBeNull();

    expect(createNode).not.toHaveBeenCalled();
    expect(store.get(nodesAtom)).toHaveLength(2);
  });
});
