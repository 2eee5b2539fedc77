// Undo and redo (issue #16): every canvas action and its inverse through the
// same API calls, ids remapped after an undone delete gives a node a new id,
// a refusal explained and the step kept, never recorded twice.
import { message, nodePayload, type NodeData } from "@dastyar/rules";
import { createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { deleteContainer } from "../../api/containers";
import { createEdge, deleteEdge } from "../../api/edges";
import {
  createNode,
  deleteNode,
  getNode,
  getNodeUsage,
  saveNodePosition,
  setNodeContainer,
  updateNode,
} from "../../api/nodes";
import { kindInfoOf } from "../../canvas/kinds";
import type { FlowEdge, FlowNode } from "../../canvas/model";
import { fa } from "../../i18n/fa";
import { notificationsAtom } from "../notifications";
import { addNodeAtom } from "./addNode";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { connectAtom } from "./connect";
import { groupNodesAtom } from "./containers";
import { deleteEdgeAtom } from "./deleteEdge";
import { deleteNodeAtom } from "./deleteNode";
import { deleteNodesNowAtom } from "./deleteRequest";
import { batchAtom, HISTORY_LIMIT, nextRedoAtom, nextUndoAtom, recordAtom } from "./history";
import { loadCanvasAtom } from "./load";
import { finishDragAtom, takeOutOfContainerAtom } from "./move";
import { saveNodeAtom } from "./save";
import { canvasEdge, flowNode, flush, nodeView, PROJECT_ID, savedEdge, usage, isolateEachTest } from "./testFixtures";
import { redoAtom, undoAtom } from "./undo";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");
vi.mock("../../api/projects");

type Store = ReturnType<typeof createStore>;

function canvasWith(nodes: FlowNode[], edges: FlowEdge[] = []): Store {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  store.set(edgesAtom, edges);
  return store;
}

const ids = (store: Store) => store.get(nodesAtom).map((n) => n.id);
const ends = (store: Store) => store.get(edgesAtom).map((e) => `${e.source}>${e.target}`);
const texts = (store: Store) => store.get(notificationsAtom).map((n) => n.text);
const nodeOf = (store: Store, id: string) => store.get(nodesAtom).find((n) => n.id === id);

/** The server: every created node gets the next database id; an edge likewise. */
let nextId = 100;

const fn = (id: string, extra: { position?: { x: number; y: number }; parentId?: string } = {}) =>
  flowNode(
    id,
    {
      label: "lookup",
      functionName: "lookup",
      parameters: { type: "object", properties: { q: { type: "string" } }, required: [] },
    },
    extra,
  );

isolateEachTest();

beforeEach(() => {
  nextId = 100;
  vi.mocked(getNodeUsage).mockResolvedValue(usage());
  vi.mocked(getNode).mockRejectedValue(new Error("not asked for"));
  vi.mocked(deleteNode).mockResolvedValue(undefined);
  vi.mocked(deleteEdge).mockResolvedValue(undefined);
  vi.mocked(deleteContainer).mockResolvedValue([]);
  vi.mocked(saveNodePosition).mockImplementation(async (kind, id, at) => nodeView(`${kind}-${id}`, {}, { position: at }));
  vi.mocked(setNodeContainer).mockImplementation(async (kind, id, container, at) =>
    nodeView(`${kind}-${id}`, {}, { position: at, ...(container ? { parentId: `container-${container}` } : {}) }),
  );
  vi.mocked(createNode).mockImplementation(async (kind, body) => {
    const id = nextId++;
    // What the server answers of the payload: enough for the rules to read the node.
    const payload = body.payload as { parameters?: unknown };
    const data =
      kind === "container"
        ? { label: body.name, width: 400, height: 300 }
        : kind === "function"
          ? { label: body.name, functionName: body.name, parameters: payload.parameters }
          : { label: body.name };
    const parent = body.containerId ? { parentId: `container-${body.containerId}` } : {};
    return { node: nodeView(`${kind}-${id}`, data, { position: body.position, ...parent }) };
  });
  vi.mocked(createEdge).mockImplementation(async (body) =>
    canvasEdge(
      body.source_type === "function" ? "function" : "vector_store",
      `${body.source_type}-${body.source_id}`,
      `${body.target_type}-${body.target_id}`,
      nextId++,
    ),
  );
  vi.mocked(updateNode).mockImplementation(async (kind, id, fields) =>
    nodeView(`${kind}-${id}`, { label: fields.name, instructions: (fields as { instructions?: string }).instructions }),
  );
});

describe("an add", () => {
  it("is undone by deleting the node and redone by creating it again with a new id", async () => {
    const store = canvasWith([]);
    const added = await store.set(addNodeAtom, { kind: "filedb", position: { x: 40, y: 60 } });
    expect(added).toBe("filedb-100");
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.add(kindInfoOf("filedb").label));

    await expect(store.set(undoAtom)).resolves.toBe(true);
    expect(deleteNode).toHaveBeenCalledWith("filedb", 100);
    expect(ids(store)).toEqual([]);
    expect(store.get(nextUndoAtom)).toBeNull();
    expect(store.get(nextRedoAtom)?.label).toBe(fa.editing.steps.add(kindInfoOf("filedb").label));

    await expect(store.set(redoAtom)).resolves.toBe(true);
    expect(createNode).toHaveBeenLastCalledWith(
      "filedb",
      expect.objectContaining({ projectId: PROJECT_ID, position: { x: 40, y: 60 }, containerId: null }),
    );
    expect(ids(store)).toEqual(["filedb-101"]);
    // Undo again reaches the node under its new id.
    await store.set(undoAtom);
    expect(deleteNode).toHaveBeenLastCalledWith("filedb", 101);
    expect(ids(store)).toEqual([]);
  });
});

describe("a delete", () => {
  it("is undone by recreating the node with its settings and its edges, under new ids", async () => {
    const store = canvasWith(
      [flowNode("assistant-1"), fn("function-7", { position: { x: 5, y: 9 } })],
      [savedEdge("function", "function-7", "assistant-1", 43)],
    );
    const payload = nodePayload({ type: "function", data: nodeOf(store, "function-7")!.data } as NodeData);

    await store.set(deleteNodeAtom, "function-7");
    expect(ids(store)).toEqual(["assistant-1"]);
    expect(ends(store)).toEqual([]);
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.delete("lookup"));

    await expect(store.set(undoAtom)).resolves.toBe(true);
    // The same create call an add makes, with the node's own payload and name.
    expect(createNode).toHaveBeenCalledWith("function", {
      projectId: PROJECT_ID,
      name: "lookup",
      position: { x: 5, y: 9 },
      containerId: null,
      payload: payload,
    });
    expect(ids(store)).toEqual(["assistant-1", "function-100"]);
    // Its edge is drawn again through POST /edges, to the new id.
    expect(createEdge).toHaveBeenCalledWith(
      expect.objectContaining({ source_type: "function", source_id: 100, target_type: "assistant", target_id: 1 }),
    );
    expect(ends(store)).toEqual(["function-100>assistant-1"]);

    // Redo deletes the recreated node.
    await store.set(redoAtom);
    expect(deleteNode).toHaveBeenLastCalledWith("function", 100);
    expect(ids(store)).toEqual(["assistant-1"]);
  });

  it("brings a function back with its Persian display name apart from its tool name", async () => {
    const store = canvasWith([
      flowNode("function-8", {
        label: "جست‌وجوی سفارش",
        functionName: "find_order",
        parameters: { type: "object", properties: {}, required: [] },
      }),
    ]);
    await store.set(deleteNodeAtom, "function-8");
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.delete("جست‌وجوی سفارش"));
    await store.set(undoAtom);
    expect(createNode).toHaveBeenLastCalledWith(
      "function",
      expect.objectContaining({ name: "find_order", payload: expect.objectContaining({ name: "find_order", label: "جست‌وجوی سفارش" }) }),
    );
  });

  it("remaps the ids of earlier steps, so they reach the recreated node", async () => {
    const store = canvasWith([flowNode("assistant-1"), fn("function-7", { position: { x: 0, y: 0 } })]);
    // Moved, then connected, then deleted.
    store.set(nodesAtom, store.get(nodesAtom).map((n) => (n.id === "function-7" ? { ...n, position: { x: 300, y: 0 } } : n)));
    await store.set(finishDragAtom, ["function-7"], new Map([["function-7", { position: { x: 0, y: 0 } }]]));
    await store.set(connectAtom, { source: "function-7", target: "assistant-1" });
    await store.set(deleteNodeAtom, "function-7");

    await store.set(undoAtom); // the delete: function-101 with its edge
    expect(ids(store)).toContain("function-101");
    expect(ends(store)).toEqual(["function-101>assistant-1"]);

    await store.set(undoAtom); // the connection, recorded with function-7
    expect(deleteEdge).toHaveBeenCalledTimes(1);
    expect(ends(store)).toEqual([]);

    await store.set(undoAtom); // the move, recorded with function-7
    expect(saveNodePosition).toHaveBeenLastCalledWith("function", 101, { x: 0, y: 0 });
    expect(nodeOf(store, "function-101")?.position).toEqual({ x: 0, y: 0 });

    // And forward again, all through the new id.
    await store.set(redoAtom);
    expect(saveNodePosition).toHaveBeenLastCalledWith("function", 101, { x: 300, y: 0 });
    await store.set(redoAtom);
    expect(ends(store)).toEqual(["function-101>assistant-1"]);
    await store.set(redoAtom);
    expect(deleteNode).toHaveBeenLastCalledWith("function", 101);
    expect(ids(store)).toEqual(["assistant-1"]);
  });

  it("of a container puts its children back into the recreated container", async () => {
    const child = fn("function-7", { position: { x: 20, y: 30 }, parentId: "container-9" });
    const store = canvasWith([flowNode("container-9", { label: "گروه", width: 500, height: 300 }, { position: { x: 100, y: 100 } }), child]);
    vi.mocked(deleteContainer).mockResolvedValue([nodeView("function-7", {}, { position: { x: 120, y: 130 } })]);

    await store.set(deleteNodeAtom, "container-9");
    expect(nodeOf(store, "function-7")?.parentId).toBeUndefined();

    await store.set(undoAtom);
    expect(createNode).toHaveBeenCalledWith("container", expect.objectContaining({ name: "گروه", position: { x: 100, y: 100 } }));
    expect(setNodeContainer).toHaveBeenLastCalledWith("function", 7, 100, { x: 20, y: 30 });
    expect(nodeOf(store, "function-7")).toMatchObject({ parentId: "container-100", position: { x: 20, y: 30 } });
  });

  it("refused by the server on undo is explained and stays to try again", async () => {
    const store = canvasWith([flowNode("assistant-1"), fn("function-7")]);
    await store.set(deleteNodeAtom, "function-7");
    vi.mocked(createNode).mockRejectedValueOnce(new ApiError(422, "invalid_input", "نام تابع معتبر نیست."));

    await expect(store.set(undoAtom)).resolves.toBe(false);

    const label = fa.editing.steps.delete("lookup");
    // The server's reason (the create's own message), then which step could not be undone.
    expect(texts(store).some((t) => t.includes("نام تابع معتبر نیست."))).toBe(true);
    expect(texts(store)).toContain(fa.editing.undoRefused(label));
    // Nothing half-made is left, and the step is still the next to undo.
    expect(ids(store)).toEqual(["assistant-1"]);
    expect(store.get(nextUndoAtom)?.label).toBe(label);
    expect(store.get(nextRedoAtom)).toBeNull();

    // Tried again, it works.
    await expect(store.set(undoAtom)).resolves.toBe(true);
    expect(ids(store)).toEqual(["assistant-1", "function-100"]);
  });

  it("is checked against the plan's limits before anything is created", async () => {
    const store = canvasWith([flowNode("assistant-1")]);
    await store.set(deleteNodeAtom, "assistant-1");
    vi.mocked(getNodeUsage).mockResolvedValue(usage({ assistant: { can_create: false, limit: 1, used: 1 } }));

    await expect(store.set(undoAtom)).resolves.toBe(false);
    expect(createNode).not.toHaveBeenCalled();
    expect(texts(store).some((t) => t.includes("حداکثر"))).toBe(true);
    expect(store.get(nextUndoAtom)).not.toBeNull();
  });

  it("of a node holding a secret says the secret must be entered again", async () => {
    const store = canvasWith([flowNode("telegram-4", { label: "ربات", bot_token: "••••1234", bot_username: "x_bot" })]);
    await store.set(deleteNodeAtom, "telegram-4");
    await store.set(undoAtom);
    expect(texts(store)).toContain(fa.editing.secretsToEnter(["ربات"]));
  });
});

describe("several actions as one step", () => {
  it("deleting a selection is one step: one undo brings every node back, with the edges between them", async () => {
    const store = canvasWith(
      [flowNode("assistant-1"), fn("function-7", { position: { x: 5, y: 9 } })],
      [savedEdge("function", "function-7", "assistant-1", 43)],
    );
    await store.set(deleteNodesNowAtom, ["function-7", "assistant-1"]);
    expect(ids(store)).toEqual([]);
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.deleteMany(2));

    await expect(store.set(undoAtom)).resolves.toBe(true);
    expect(ids(store).sort()).toEqual(["assistant-100", "function-101"]);
    expect(ends(store)).toEqual(["function-101>assistant-100"]);
    expect(store.get(nextUndoAtom)).toBeNull();

    await store.set(redoAtom);
    expect(ids(store)).toEqual([]);
    expect(vi.mocked(deleteNode).mock.calls.slice(-2)).toEqual([
      ["function", 101],
      ["assistant", 100],
    ]);
  });

  it("a batch of one action keeps that action's name; nested batches make one step", async () => {
    const store = canvasWith([fn("function-7")]);
    await store.set(batchAtom, "بیرونی", async () => {
      await store.set(batchAtom, "درونی", () => store.set(addNodeAtom, { kind: "filedb" }));
    });
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.add(kindInfoOf("filedb").label));
    await store.set(batchAtom, "دو کار", async () => {
      await store.set(addNodeAtom, { kind: "filedb" });
      await store.set(deleteNodeAtom, "function-7");
    });
    expect(store.get(nextUndoAtom)?.label).toBe("دو کار");
    await store.set(undoAtom);
    // The latest action goes back first: the function returns, then the second add is removed.
    expect(ids(store).sort()).toEqual(["filedb-100", "function-102"]);
  });
});

describe("connections", () => {
  it("a connection is undone by deleting its edge and redone by drawing it again", async () => {
    const store = canvasWith([flowNode("assistant-1"), fn("function-7")]);
    await store.set(connectAtom, { source: "function-7", target: "assistant-1" });
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.connect);

    await store.set(undoAtom);
    expect(deleteEdge).toHaveBeenCalledWith(100);
    expect(ends(store)).toEqual([]);

    await store.set(redoAtom);
    expect(createEdge).toHaveBeenCalledTimes(2);
    expect(ends(store)).toEqual(["function-7>assistant-1"]);
  });

  it("a deleted edge comes back with undo, through the rules and the server", async () => {
    const store = canvasWith(
      [flowNode("assistant-1"), fn("function-7")],
      [savedEdge("function", "function-7", "assistant-1", 43)],
    );
    await store.set(deleteEdgeAtom, store.get(edgesAtom)[0]!.id);
    expect(deleteEdge).toHaveBeenCalledWith(43);
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.disconnect);

    await store.set(undoAtom);
    expect(createEdge).toHaveBeenCalledWith(expect.objectContaining({ source_id: 7, target_id: 1 }));
    expect(ends(store)).toEqual(["function-7>assistant-1"]);

    await store.set(redoAtom);
    expect(deleteEdge).toHaveBeenLastCalledWith(100);
    expect(ends(store)).toEqual([]);
  });

  it("an undo the rules refuse now says why and stays", async () => {
    const store = canvasWith([flowNode("assistant-1"), flowNode("vectorstore-2"), flowNode("vectorstore-3")]);
    await store.set(connectAtom, { source: "vectorstore-2", target: "assistant-1" });
    await store.set(deleteEdgeAtom, store.get(edgesAtom)[0]!.id);
    // Meanwhile the assistant took another vector store (one per assistant).
    await store.set(connectAtom, { source: "vectorstore-3", target: "assistant-1" }, { record: false });

    await expect(store.set(undoAtom)).resolves.toBe(false);
    expect(texts(store)).toContain(fa.editing.undoRefused(fa.editing.steps.disconnect));
    expect(texts(store).some((t) => t.includes(message("one_vector_store_per_assistant", {})))).toBe(true);
    expect(ends(store)).toEqual(["vectorstore-3>assistant-1"]);
  });
});

describe("moves and containers", () => {
  it("a drag is undone by saving the start and redone by saving the end", async () => {
    const store = canvasWith([fn("function-7", { position: { x: 10, y: 10 } })]);
    store.set(nodesAtom, [fn("function-7", { position: { x: 200, y: 50 } })]);
    await store.set(finishDragAtom, ["function-7"], new Map([["function-7", { position: { x: 10, y: 10 } }]]));
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.move);

    await store.set(undoAtom);
    expect(saveNodePosition).toHaveBeenLastCalledWith("function", 7, { x: 10, y: 10 });
    expect(nodeOf(store, "function-7")?.position).toEqual({ x: 10, y: 10 });
    await store.set(redoAtom);
    expect(saveNodePosition).toHaveBeenLastCalledWith("function", 7, { x: 200, y: 50 });
    expect(nodeOf(store, "function-7")?.position).toEqual({ x: 200, y: 50 });
  });

  it("a drag that went nowhere is not a step", async () => {
    const store = canvasWith([fn("function-7", { position: { x: 10, y: 10 } })]);
    await store.set(finishDragAtom, ["function-7"], new Map([["function-7", { position: { x: 10, y: 10 } }]]));
    expect(store.get(nextUndoAtom)).toBeNull();
  });

  it("grouping is undone by taking the members out and removing the container, and redone by grouping again", async () => {
    const store = canvasWith([fn("function-7", { position: { x: 100, y: 100 } }), flowNode("assistant-1", {}, { position: { x: 400, y: 250 } })]);
    const container = await store.set(groupNodesAtom, ["function-7", "assistant-1"]);
    expect(container).toBe("container-100");
    expect(nodeOf(store, "function-7")?.parentId).toBe("container-100");

    await store.set(undoAtom);
    expect(setNodeContainer).toHaveBeenCalledWith("function", 7, null, { x: 100, y: 100 });
    expect(setNodeContainer).toHaveBeenCalledWith("assistant", 1, null, { x: 400, y: 250 });
    expect(deleteContainer).toHaveBeenCalledWith(100);
    expect(ids(store).sort()).toEqual(["assistant-1", "function-7"]);
    expect(nodeOf(store, "function-7")).toMatchObject({ position: { x: 100, y: 100 } });
    expect(nodeOf(store, "function-7")?.parentId).toBeUndefined();

    await store.set(redoAtom);
    expect(nodeOf(store, "function-7")?.parentId).toBe("container-101");
    expect(nodeOf(store, "assistant-1")?.parentId).toBe("container-101");
    // Undo again reaches the container under its new id.
    await store.set(undoAtom);
    expect(deleteContainer).toHaveBeenLastCalledWith(101);
  });

  it("taking a node out of its container is undone by putting it back in", async () => {
    const store = canvasWith([
      flowNode("container-9", { width: 400, height: 300 }, { position: { x: 0, y: 0 } }),
      fn("function-7", { position: { x: 20, y: 30 }, parentId: "container-9" }),
    ]);
    await store.set(takeOutOfContainerAtom, "function-7");
    expect(nodeOf(store, "function-7")?.parentId).toBeUndefined();
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.takeOut);

    await store.set(undoAtom);
    expect(setNodeContainer).toHaveBeenLastCalledWith("function", 7, 9, { x: 20, y: 30 });
    expect(nodeOf(store, "function-7")).toMatchObject({ parentId: "container-9", position: { x: 20, y: 30 } });
    await store.set(redoAtom);
    expect(setNodeContainer).toHaveBeenLastCalledWith("function", 7, null, expect.any(Object));
    expect(nodeOf(store, "function-7")?.parentId).toBeUndefined();
  });
});

describe("a panel save (a rename too)", () => {
  it("is undone by saving the settings the node had before", async () => {
    const store = canvasWith([flowNode("assistant-1", { label: "پشتیبان", instructions: "کوتاه پاسخ بده." })]);
    const before = nodeOf(store, "assistant-1")!.data;
    await store.set(saveNodeAtom, "assistant-1", { ...before, label: "فروش", instructions: "مفصل پاسخ بده." });
    expect(nodeOf(store, "assistant-1")?.data.label).toBe("فروش");
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.save("پشتیبان"));

    await store.set(undoAtom);
    expect(updateNode).toHaveBeenLastCalledWith("assistant", 1, expect.objectContaining({ name: "پشتیبان", instructions: "کوتاه پاسخ بده." }));
    expect(nodeOf(store, "assistant-1")?.data).toMatchObject({ label: "پشتیبان", instructions: "کوتاه پاسخ بده." });

    await store.set(redoAtom);
    expect(updateNode).toHaveBeenLastCalledWith("assistant", 1, expect.objectContaining({ name: "فروش", instructions: "مفصل پاسخ بده." }));
    expect(nodeOf(store, "assistant-1")?.data.label).toBe("فروش");
  });

  it("whose node is gone (deleted in another tab) is said and set aside, so earlier steps stay reachable", async () => {
    const store = canvasWith([]);
    await store.set(addNodeAtom, { kind: "filedb" });
    await store.set(saveNodeAtom, "filedb-100", { ...nodeOf(store, "filedb-100")!.data, label: "اسناد" });
    // Gone without this tab's history knowing.
    store.set(nodesAtom, []);

    await expect(store.set(undoAtom)).resolves.toBe(false);
    const label = fa.editing.steps.save(kindInfoOf("filedb").label);
    expect(texts(store)).toContain(fa.editing.undoGone(label));
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.add(kindInfoOf("filedb").label));
    expect(updateNode).toHaveBeenCalledTimes(1);
  });

  it("a failed save is no step", async () => {
    const store = canvasWith([flowNode("assistant-1")]);
    vi.mocked(updateNode).mockRejectedValueOnce(new ApiError(500, "internal_error", "خطا"));
    await store.set(saveNodeAtom, "assistant-1", { ...nodeOf(store, "assistant-1")!.data, label: "تازه" });
    expect(store.get(nextUndoAtom)).toBeNull();
  });
});

describe("the history itself", () => {
  it("never records its own undo or redo, and a new action drops what could be redone", async () => {
    const store = canvasWith([]);
    await store.set(addNodeAtom, { kind: "filedb" });
    await store.set(undoAtom);
    expect(store.get(nextUndoAtom)).toBeNull();
    expect(store.get(nextRedoAtom)).not.toBeNull();
    await store.set(addNodeAtom, { kind: "filerepository" });
    expect(store.get(nextRedoAtom)).toBeNull();
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.add(kindInfoOf("filerepository").label));
  });

  it("undoes several steps asked at once, one after another, in order", async () => {
    const store = canvasWith([]);
    await store.set(addNodeAtom, { kind: "filedb" });
    await store.set(addNodeAtom, { kind: "filerepository" });
    await Promise.all([store.set(undoAtom), store.set(undoAtom)]);
    expect(vi.mocked(deleteNode).mock.calls).toEqual([
      ["filerepository", 101],
      ["filedb", 100],
    ]);
    expect(ids(store)).toEqual([]);
  });

  it("keeps at most the last hundred steps", () => {
    const store = canvasWith([]);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) {
      store.set(recordAtom, { label: `گام ${i}`, ops: [{ do: "remove", ids: [] }] }, PROJECT_ID);
    }
    let count = 0;
    const seen = new Set<string>();
    // Undo every step: each is taken off (an empty remove succeeds).
    return (async () => {
      while (store.get(nextUndoAtom)) {
        seen.add(store.get(nextUndoAtom)!.label);
        await store.set(undoAtom);
        count++;
      }
      expect(count).toBe(HISTORY_LIMIT);
      expect(seen.has("گام 4")).toBe(false);
      expect(seen.has("گام 5")).toBe(true);
    })();
  });

  it("is the open project's alone, and starts afresh when a canvas opens", async () => {
    const store = canvasWith([]);
    await store.set(addNodeAtom, { kind: "filedb" });
    store.set(projectIdAtom, PROJECT_ID + 1);
    expect(store.get(nextUndoAtom)).toBeNull();
    store.set(recordAtom, { label: "دیگر", ops: [{ do: "remove", ids: ["filedb-1"] }] }, PROJECT_ID);
    expect(store.get(nextUndoAtom)).toBeNull();

    const { listNodes } = await import("../../api/nodes");
    const { listEdges } = await import("../../api/edges");
    vi.mocked(listNodes).mockResolvedValue([]);
    vi.mocked(listEdges).mockResolvedValue([]);
    store.set(projectIdAtom, PROJECT_ID);
    await store.set(loadCanvasAtom, PROJECT_ID);
    await flush();
    expect(store.get(nextUndoAtom)).toBeNull();
  });

  it("an action answered after the canvas changed project is not recorded", async () => {
    const store = canvasWith([]);
    let answer!: (value: Awaited<ReturnType<typeof createNode>>) => void;
    vi.mocked(createNode).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const adding = store.set(addNodeAtom, { kind: "filedb" });
    await flush();
    store.set(projectIdAtom, PROJECT_ID + 1);
    answer({ node: nodeView("filedb-5") });
    await adding;
    expect(store.get(nextUndoAtom)).toBeNull();
  });
});
