// Moving nodes (spec §4): a drag saves the position once; dropping a node on
// a container puts it in (relative position), dragging it out places it 50 px
// right of the container; a failed move into or out of a container reverts.
import { constants, kindInfo, message } from "@dastyar/rules";
import type { NodeView } from "../../api/types";
import { createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { saveNodePosition, setNodeContainer } from "../../api/nodes";
import type { FlowNode } from "../../canvas/model";
import { notificationsAtom } from "../notifications";
import { nodesAtom, projectIdAtom } from "./atoms";
import { finishDragAtom, takeOutOfContainerAtom, type Placement } from "./move";
import { deferred, flowNode, nodeView, PROJECT_ID, isolateEachTest } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

/** A saved container at (100, 100), 400 x 300 (the default size). */
const container = (id = "container-4", at = { x: 100, y: 100 }, size: Record<string, unknown> = {}) =>
  flowNode(id, size, { position: at });

function canvasWith(...nodes: FlowNode[]) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  return store;
}

const nodeOf = (store: ReturnType<typeof createStore>, id: string) => store.get(nodesAtom).find((n) => n.id === id)!;
const texts = (store: ReturnType<typeof createStore>) => store.get(notificationsAtom).map((n) => n.text);
const starts = (entries: Record<string, Placement>) => new Map(Object.entries(entries));

isolateEachTest();

beforeEach(() => {
  vi.mocked(saveNodePosition).mockImplementation(async (kind, id, at) => nodeView(`${kind}-${id}`, {}, { position: at }));
  vi.mocked(setNodeContainer).mockImplementation(async (kind, id, containerId, at) =>
    nodeView(`${kind}-${id}`, {}, containerId === null ? { position: at } : { position: at, parentId: `container-${containerId}` }),
  );
});


describe("dropping a node on a container", () => {
  it("puts it in at once, at its position relative to the container, and saves that", async () => {
    const store = canvasWith(container(), flowNode("function-7", {}, { position: { x: 150, y: 170 } }));
    const answer = deferred<NodeView>();
    vi.mocked(setNodeContainer).mockReturnValue(answer.promise);

    const settled = store.set(finishDragAtom, ["function-7"], starts({ "function-7": { position: { x: 600, y: 600 } } }));

    expect(nodeOf(store, "function-7")).toMatchObject({ parentId: "container-4", position: { x: 50, y: 70 } });
    expect(setNodeContainer).toHaveBeenCalledWith("function", 7, 4, { x: 50, y: 70 });

    answer.resolve(nodeView("function-7", {}, { position: { x: 50, y: 70 }, parentId: "container-4" }));
    await settled;
    expect(nodeOf(store, "function-7")).toMatchObject({ parentId: "container-4", position: { x: 50, y: 70 } });
    expect(store.get(notificationsAtom)).toMatchObject([
      { kind: "success", text: message("node_added_to_container", {}) },
    ]);
    expect(saveNodePosition).not.toHaveBeenCalled();
  });

  it("puts the node back where the drag began when the server refuses", async () => {
    const store = canvasWith(container(), flowNode("function-7", {}, { position: { x: 150, y: 170 } }));
    vi.mocked(setNodeContainer).mockRejectedValue(new ApiError(500, "internal_error", "x"));

    await store.set(finishDragAtom, ["function-7"], starts({ "function-7": { position: { x: 600, y: 600 } } }));

    const node = nodeOf(store, "function-7");
    expect(node.position).toEqual({ x: 600, y: 600 });
    expect(node.parentId).toBeUndefined();
    expect(store.get(notificationsAtom)).toMatchObject([
      { kind: "error", text: message("node_add_to_container_failed", {}) },
    ]);
  });

  it("does not leave the node inside when the server refuses and no start was recorded", async () => {
    const store = canvasWith(container(), flowNode("function-7", {}, { position: { x: 150, y: 170 } }));
    vi.mocked(setNodeContainer).mockRejectedValue(new ApiError(500, "internal_error", "x"));

    await store.set(finishDragAtom, ["function-7"], new Map());

    const node = nodeOf(store, "function-7");
    expect(node.parentId).toBeUndefined();
    expect(node.position).toEqual({ x: 150, y: 170 });
    expect(texts(store)).toEqual([message("node_add_to_container_failed", {})]);
  });

  it("moves a node from one container to another", async () => {
    const store = canvasWith(
      container("container-4", { x: 100, y: 100 }),
      container("container-8", { x: 600, y: 100 }),
      flowNode("function-7", {}, { parentId: "container-4", position: { x: 520, y: 20 } }),
    );

    await store.set(finishDragAtom, ["function-7"], starts({ "function-7": { position: { x: 10, y: 20 }, parentId: "container-4" } }));

    expect(setNodeContainer).toHaveBeenCalledWith("function", 7, 8, { x: 20, y: 20 });
    expect(nodeOf(store, "function-7")).toMatchObject({ parentId: "container-8", position: { x: 20, y: 20 } });
  });

  it("puts a node moved between containers back in the first when the server refuses", async () => {
    const store = canvasWith(
      container("container-4", { x: 100, y: 100 }),
      container("container-8", { x: 600, y: 100 }),
      flowNode("function-7", {}, { parentId: "container-4", position: { x: 520, y: 20 } }),
    );
    vi.mocked(setNodeContainer).mockRejectedValue(new Error("down"));

    await store.set(finishDragAtom, ["function-7"], starts({ "function-7": { position: { x: 10, y: 20 }, parentId: "container-4" } }));

    expect(nodeOf(store, "function-7")).toMatchObject({ parentId: "container-4", position: { x: 10, y: 20 } });
  });

  it("refuses an analyzer, which must be connected to a container instead", async () => {
    const store = canvasWith(container(), flowNode("analyzer-3", {}, { position: { x: 150, y: 170 } }));

    await store.set(finishDragAtom, ["analyzer-3"], starts({ "analyzer-3": { position: { x: 700, y: 50 } } }));

    expect(nodeOf(store, "analyzer-3")).toMatchObject({ position: { x: 700, y: 50 } });
    expect(nodeOf(store, "analyzer-3").parentId).toBeUndefined();
    expect(store.get(notificationsAtom)).toMatchObject([
      { kind: "error", text: message("analyzer_inside_container", { type: kindInfo("analyzer")!.label }) },
    ]);
    expect(setNodeContainer).not.toHaveBeenCalled();
    expect(saveNodePosition).not.toHaveBeenCalled();
  });

  it("refuses other kinds that cannot go into containers", async () => {
    const store = canvasWith(container(), flowNode("instruction-2", {}, { position: { x: 150, y: 170 } }));

    await store.set(finishDragAtom, ["instruction-2"], starts({ "instruction-2": { position: { x: 700, y: 50 } } }));

    expect(texts(store)).toEqual([
      message("node_cannot_move_to_container", { type: kindInfo("instruction")!.label }),
    ]);
    expect(nodeOf(store, "instruction-2").position).toEqual({ x: 700, y: 50 });
    expect(setNodeContainer).not.toHaveBeenCalled();
  });

  it("ignores containers not yet stored", async () => {
    const store = canvasWith(
      container("container-temp-1"),
      flowNode("function-7", {}, { position: { x: 150, y: 170 } }),
    );

    await store.set(finishDragAtom, ["function-7"], new Map());

    expect(setNodeContainer).not.toHaveBeenCalled();
    expect(saveNodePosition).toHaveBeenCalledWith("function", 7, { x: 150, y: 170 });
  });
});

describe("dragging a node out of its container", () => {
  it("places it 50 px beyond the container's right edge, at the container's y plus its own", async () => {
    const store = canvasWith(
      container(),
      flowNode("function-7", {}, { parentId: "container-4", position: { x: -300, y: 20 } }),
    );

    await store.set(finishDragAtom, ["function-7"], starts({ "function-7": { position: { x: 10, y: 20 }, parentId: "container-4" } }));

    const exitGap = constants().containerExitGap;
    expect(exitGap).toBe(50);
    const at = { x: 100 + 400 + exitGap, y: 100 + 20 };
    expect(setNodeContainer).toHaveBeenCalledWith("function", 7, null, at);
    const node = nodeOf(store, "function-7");
    expect(node.position).toEqual(at);
    expect(node.parentId).toBeUndefined();
    expect(store.get(notificationsAtom)).toMatchObject([
      { kind: "success", text: message("node_removed_from_container", {}) },
    ]);
  });

  it("puts it back in the container when the server refuses", async () => {
    const store = canvasWith(
      container(),
      flowNode("function-7", {}, { parentId: "container-4", position: { x: -300, y: 20 } }),
    );
    vi.mocked(setNodeContainer).mockRejectedValue(new Error("down"));

    await store.set(finishDragAtom, ["function-7"], starts({ "function-7": { position: { x: 10, y: 20 }, parentId: "container-4" } }));

    expect(nodeOf(store, "function-7")).toMatchObject({ parentId: "container-4", position: { x: 10, y: 20 } });
    expect(texts(store)).toEqual([message("node_remove_from_container_failed", {})]);
  });
});

describe("taking a node out of its container", () => {
  it("uses the container's own width", async () => {
    const store = canvasWith(
      container("container-4", { x: 100, y: 100 }, { width: 600, height: 400 }),
      flowNode("sms-6", {}, { parentId: "container-4", position: { x: 30, y: 40 } }),
    );

    await expect(store.set(takeOutOfContainerAtom, "sms-6")).resolves.toBe(true);

    expect(setNodeContainer).toHaveBeenCalledWith("sms", 6, null, { x: 750, y: 140 });
    expect(nodeOf(store, "sms-6")).toMatchObject({ position: { x: 750, y: 140 } });
    expect(nodeOf(store, "sms-6").parentId).toBeUndefined();
  });

  it("puts it back where it was when the server refuses", async () => {
    const store = canvasWith(
      container(),
      flowNode("sms-6", {}, { parentId: "container-4", position: { x: 30, y: 40 } }),
    );
    vi.mocked(setNodeContainer).mockRejectedValue(new Error("down"));

    await expect(store.set(takeOutOfContainerAtom, "sms-6")).resolves.toBe(false);

    expect(nodeOf(store, "sms-6")).toMatchObject({ parentId: "container-4", position: { x: 30, y: 40 } });
    expect(texts(store)).toEqual([message("node_remove_from_container_failed", {})]);
  });

  it("does nothing for a node in no container", async () => {
    const store = canvasWith(container(), flowNode("sms-6", {}, { position: { x: 30, y: 40 } }));
    await expect(store.set(takeOutOfContainerAtom, "sms-6")).resolves.toBe(false);
    expect(setNodeContainer).not.toHaveBeenCalled();
  });
});

describe("an ordinary drag", () => {
  it("saves the node's position once", async () => {
    const store = canvasWith(container(), flowNode("assistant-1", {}, { position: { x: 800, y: 90 } }));

    await store.set(finishDragAtom, ["assistant-1"], starts({ "assistant-1": { position: { x: 0, y: 0 } } }));

    expect(saveNodePosition).toHaveBeenCalledTimes(1);
    expect(saveNodePosition).toHaveBeenCalledWith("assistant", 1, { x: 800, y: 90 });
    expect(setNodeContainer).not.toHaveBeenCalled();
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it("saves a node moved inside its container at its relative position", async () => {
    const store = canvasWith(
      container(),
      flowNode("function-7", {}, { parentId: "container-4", position: { x: 60, y: 80 } }),
    );

    await store.set(finishDragAtom, ["function-7"], starts({ "function-7": { position: { x: 10, y: 20 }, parentId: "container-4" } }));

    expect(saveNodePosition).toHaveBeenCalledWith("function", 7, { x: 60, y: 80 });
    expect(setNodeContainer).not.toHaveBeenCalled();
    expect(nodeOf(store, "function-7").parentId).toBe("container-4");
  });

  it("saves a container's position and never drops it into another", async () => {
    const store = canvasWith(container("container-4", { x: 120, y: 130 }), container("container-8", { x: 100, y: 100 }));

    await store.set(finishDragAtom, ["container-4"], new Map());

    expect(saveNodePosition).toHaveBeenCalledWith("container", 4, { x: 120, y: 130 });
    expect(setNodeContainer).not.toHaveBeenCalled();
  });

  it("says so when the position cannot be saved, leaving the node where it was dropped", async () => {
    const store = canvasWith(flowNode("assistant-1", {}, { position: { x: 800, y: 90 } }));
    vi.mocked(saveNodePosition).mockRejectedValue(new Error("down"));

    await store.set(finishDragAtom, ["assistant-1"], starts({ "assistant-1": { position: { x: 0, y: 0 } } }));

    expect(nodeOf(store, "assistant-1").position).toEqual({ x: 800, y: 90 });
    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "error", text: message("node_position_failed", {}) }]);
  });

  it("saves nothing for nodes not yet stored or never stored", async () => {
    const store = canvasWith(
      flowNode("assistant-temp-1", { creationStatus: "pending" }, { position: { x: 5, y: 5 } }),
      flowNode("testframe-temp-2", {}, { position: { x: 5, y: 5 } }),
    );

    await store.set(finishDragAtom, ["assistant-temp-1", "testframe-temp-2"], new Map());

    expect(saveNodePosition).not.toHaveBeenCalled();
    expect(setNodeContainer).not.toHaveBeenCalled();
  });

  it("settles every node of a multi-node drag", async () => {
    const store = canvasWith(
      container(),
      flowNode("assistant-1", {}, { position: { x: 800, y: 90 } }),
      flowNode("function-7", {}, { position: { x: 150, y: 170 } }),
    );

    await store.set(finishDragAtom, ["assistant-1", "function-7"], new Map());

    expect(saveNodePosition).toHaveBeenCalledWith("assistant", 1, { x: 800, y: 90 });
    expect(setNodeContainer).toHaveBeenCalledWith("function", 7, 4, { x: 50, y: 70 });
  });
});
