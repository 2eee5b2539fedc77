// Adding a node (spec §4, §5, §8): one add at a time, the plan's limits first,
// the node shown at once as pending under a temporary id, then saved.
import { checkNodeLimit, constants, kindInfo, message, persianDigits } from "@dastyar/rules";
import { createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { overlaps } from "../../canvas/layout/footprint";
import { createNode, getNodeUsage, type Created } from "../../api/nodes";
import { navigate } from "../../router/history";
import { notificationsAtom } from "../notifications";
import { addNodeAtom, DEFAULT_POSITION } from "./addNode";
import { edgesAtom, isAddingNodeAtom, nodesAtom, projectIdAtom, selectedNodeIdAtom } from "./atoms";
import { createOnServerAtom } from "./create";
import {
  deferred,
  flowNode,
  NOW,
  nodeView,
  PROJECT_ID,
  savedEdge,
  usage,
  isolateEachTest,
} from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");
vi.mock("../../router/history", async (original) => ({
  ...(await original<typeof import("../../router/history")>()),
  navigate: vi.fn(),
}));

const label = (kind: Parameters<typeof kindInfo>[0]) => kindInfo(kind)!.label;

function openCanvas() {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  return store;
}

const texts = (store: ReturnType<typeof createStore>) => store.get(notificationsAtom).map((n) => n.text);

isolateEachTest();

beforeEach(() => {
  vi.mocked(getNodeUsage).mockResolvedValue(usage());
});


describe("adding a node", () => {
  it("shows it at once, pending, under a temporary id, then under the server's id as success", async () => {
    const store = openCanvas();
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);

    const added = store.set(addNodeAtom, { kind: "filedb" });

    const tempId = `filedb-temp-${NOW}`;
    expect(store.get(nodesAtom)).toHaveLength(1);
    expect(store.get(nodesAtom)[0]).toMatchObject({
      id: tempId,
      type: "filedb",
      position: DEFAULT_POSITION,
      data: { creationStatus: "pending" },
    });
    expect(store.get(isAddingNodeAtom)).toBe(true);
    expect(createNode).toHaveBeenCalledTimes(1);
    expect(createNode).toHaveBeenCalledWith("filedb", {
      projectId: PROJECT_ID,
      name: label("filedb"),
      position: DEFAULT_POSITION,
      containerId: null,
      payload: expect.any(Object),
    });

    answer.resolve({ node: nodeView("filedb-12", { label: "پایگاه من" }, { position: DEFAULT_POSITION }) });
    await expect(added).resolves.toBe("filedb-12");

    const [node] = store.get(nodesAtom);
    expect(node!.id).toBe("filedb-12");
    expect(node!.data.creationStatus).toBe("success");
    expect(node!.data.label).toBe("پایگاه من");
    expect(store.get(isAddingNodeAtom)).toBe(false);
    expect(DEFAULT_POSITION).toEqual(constants().defaultNodePosition);
  });

  it("puts the node where it was asked and keeps it where it was dragged while the call ran", async () => {
    const store = openCanvas();
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);

    const added = store.set(addNodeAtom, { kind: "instruction", position: { x: 640, y: 360 } });
    const tempId = `instruction-temp-${NOW}`;
    expect(store.get(nodesAtom)[0]!.position).toEqual({ x: 640, y: 360 });
    expect(vi.mocked(createNode).mock.calls[0]![1].position).toEqual({ x: 640, y: 360 });

    store.set(nodesAtom, store.get(nodesAtom).map((n) => (n.id === tempId ? { ...n, position: { x: 700, y: 400 } } : n)));
    answer.resolve({ node: nodeView("instruction-3", {}, { position: { x: 640, y: 360 } }) });
    await added;

    expect(store.get(nodesAtom)[0]).toMatchObject({ id: "instruction-3", position: { x: 700, y: 400 } });
  });

  it("puts a new node at the nearest spot where it covers no node already there", async () => {
    const store = openCanvas();
    store.set(nodesAtom, [
      flowNode("assistant-1", {}, { position: DEFAULT_POSITION }),
      flowNode("filedb-2", {}, { position: { x: DEFAULT_POSITION.x + 30, y: DEFAULT_POSITION.y + 30 } }),
    ]);
    vi.mocked(createNode).mockReturnValue(deferred<Created>().promise);

    void store.set(addNodeAtom, { kind: "instruction" });

    const added = store.get(nodesAtom)[2]!;
    expect(added.id).toBe(`instruction-temp-${NOW}`);
    const box = { ...added.position, width: 250, height: 150 };
    for (const other of store.get(nodesAtom).slice(0, 2)) {
      expect(overlaps(box, { ...other.position, width: 250, height: 150 }), other.id).toBe(false);
    }
    // Near where it was asked for: within a card and a half.
    expect(Math.hypot(added.position.x - DEFAULT_POSITION.x, added.position.y - DEFAULT_POSITION.y)).toBeLessThan(400);
    expect(vi.mocked(createNode).mock.calls[0]![1].position).toEqual(added.position);
  });

  it("takes the status the server answers: a function created on its own waits for an assistant", async () => {
    const store = openCanvas();
    vi.mocked(createNode).mockResolvedValue({
      node: nodeView("function-4", { creationStatus: "pending_assistant", functionName: "new_function" }),
    });

    await expect(store.set(addNodeAtom, { kind: "function" })).resolves.toBe("function-4");

    expect(store.get(nodesAtom)).toHaveLength(1);
    expect(store.get(nodesAtom)[0]).toMatchObject({ id: "function-4", data: { creationStatus: "pending_assistant" } });
  });

  it("leaves the node in error under its temporary id when the server fails, saying so", async () => {
    const store = openCanvas();
    vi.mocked(createNode).mockRejectedValue(new ApiError(500, "internal_error", "server fault"));

    await expect(store.set(addNodeAtom, { kind: "function" })).resolves.toBeNull();

    expect(store.get(nodesAtom)).toHaveLength(1);
    expect(store.get(nodesAtom)[0]).toMatchObject({ id: `function-temp-${NOW}`, data: { creationStatus: "error" } });
    const headline = message("node_add_failed", { type: label("function") });
    // A server fault adds nothing a person can act on: the headline alone.
    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "error", text: headline }]);
    expect(store.get(isAddingNodeAtom)).toBe(false);
  });

  it("adds the server's explanation to the failure when it refused the input", async () => {
    const store = openCanvas();
    vi.mocked(createNode).mockRejectedValue(new ApiError(422, "invalid_input", "نام تکراری است"));

    await store.set(addNodeAtom, { kind: "googledoc" });

    expect(texts(store)).toEqual([`${message("node_add_failed", { type: label("googledoc") })} نام تکراری است`]);
  });

  it("keeps a test frame on the canvas only: success at once, selected, nothing sent", async () => {
    const store = openCanvas();

    const id = await store.set(addNodeAtom, { kind: "testframe" });

    expect(id).toBe(`testframe-temp-${NOW}`);
    expect(store.get(nodesAtom)).toMatchObject([{ id, data: { creationStatus: "success" } }]);
    expect(store.get(selectedNodeIdAtom)).toBe(id);
    expect(createNode).not.toHaveBeenCalled();
    expect(store.get(isAddingNodeAtom)).toBe(false);
  });

  it("puts a container before the other nodes and says it was created", async () => {
    const store = openCanvas();
    store.set(nodesAtom, [flowNode("assistant-1")]);
    vi.mocked(createNode).mockResolvedValue({ node: nodeView("container-8", { width: 400, height: 300 }) });

    const added = store.set(addNodeAtom, { kind: "container" });
    expect(store.get(nodesAtom).map((n) => n.id)).toEqual([`container-temp-${NOW}`, "assistant-1"]);
    await added;

    expect(store.get(nodesAtom).map((n) => n.id)).toEqual(["container-8", "assistant-1"]);
    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "success", text: message("container_created", {}) }]);
  });

  it("does nothing without an open project", async () => {
    const store = createStore();
    await expect(store.set(addNodeAtom, { kind: "filedb" })).resolves.toBeNull();
    expect(store.get(nodesAtom)).toEqual([]);
    expect(createNode).not.toHaveBeenCalled();
  });
});

describe("temporary ids", () => {
  it("edges and children touching a node follow it when the server gives it its id", async () => {
    const store = openCanvas();
    const temp = "container-temp-100";
    const other = savedEdge("vector_store", "vectorstore-2", "assistant-1", 30);
    const touching = { ...savedEdge("analyzer", "analyzer-3", "container-6", 31), target: temp };
    store.set(nodesAtom, [
      flowNode(temp, { creationStatus: "pending" }),
      flowNode("function-7", {}, { parentId: temp, position: { x: 10, y: 20 } }),
      flowNode("vectorstore-2"),
      flowNode("assistant-1"),
      flowNode("analyzer-3"),
    ]);
    store.set(edgesAtom, [other, touching]);
    vi.mocked(createNode).mockResolvedValue({ node: nodeView("container-9", { width: 400, height: 300 }) });

    await expect(store.set(createOnServerAtom, temp)).resolves.toBe("container-9");

    expect(store.get(nodesAtom).map((n) => n.id)).toEqual([
      "container-9",
      "function-7",
      "vectorstore-2",
      "assistant-1",
      "analyzer-3",
    ]);
    expect(store.get(nodesAtom)[1]!.parentId).toBe("container-9");
    const [kept, moved] = store.get(edgesAtom);
    expect(kept).toBe(other);
    expect(moved).toMatchObject({ id: touching.id, source: "analyzer-3", target: "container-9" });
  });

  it("a node created inside a container is sent with the container's database id", async () => {
    const store = openCanvas();
    const temp = "sms-temp-1";
    store.set(nodesAtom, [flowNode("container-6"), flowNode(temp, { creationStatus: "pending" }, { parentId: "container-6" })]);
    vi.mocked(createNode).mockResolvedValue({ node: nodeView("sms-2", {}, { parentId: "container-6" }) });

    await store.set(createOnServerAtom, temp);

    expect(vi.mocked(createNode).mock.calls[0]![1].containerId).toBe(6);
    expect(store.get(nodesAtom)[1]).toMatchObject({ id: "sms-2", parentId: "container-6" });
  });

  it("drops the server's answer when the canvas was closed meanwhile", async () => {
    const store = openCanvas();
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);
    const added = store.set(addNodeAtom, { kind: "filedb" });

    store.set(projectIdAtom, 77);
    store.set(nodesAtom, []);
    answer.resolve({ node: nodeView("filedb-12") });

    await expect(added).resolves.toBeNull();
    expect(store.get(nodesAtom)).toEqual([]);
  });
});

describe("the adding lock", () => {
  it("refuses a second add while one runs, with the wait warning, sending nothing", async () => {
    const store = openCanvas();
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);

    const first = store.set(addNodeAtom, { kind: "filedb" });
    await expect(store.set(addNodeAtom, { kind: "assistant" })).resolves.toBeNull();

    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "error", text: message("add_in_progress", {}) }]);
    expect(createNode).toHaveBeenCalledTimes(1);
    expect(getNodeUsage).not.toHaveBeenCalled();
    expect(store.get(nodesAtom)).toHaveLength(1);

    answer.resolve({ node: nodeView("filedb-12") });
    await first;
    expect(store.get(isAddingNodeAtom)).toBe(false);

    // The lock is free again: the next add goes through.
    vi.mocked(createNode).mockResolvedValue({ node: nodeView("filedb-13") });
    await expect(store.set(addNodeAtom, { kind: "filedb" })).resolves.toBe("filedb-13");
  });

  it("holds while the plan's usage is being checked", async () => {
    const store = openCanvas();
    const check = deferred<ReturnType<typeof usage>>();
    vi.mocked(getNodeUsage).mockReturnValue(check.promise);

    const first = store.set(addNodeAtom, { kind: "vectorstore" });
    await store.set(addNodeAtom, { kind: "filedb" });
    expect(texts(store)).toEqual([message("add_in_progress", {})]);
    expect(createNode).not.toHaveBeenCalled();

    vi.mocked(createNode).mockResolvedValue({ node: nodeView("vectorstore-3") });
    check.resolve(usage());
    await expect(first).resolves.toBe("vectorstore-3");
    expect(createNode).toHaveBeenCalledTimes(1);
  });

  it("is released when the add fails", async () => {
    const store = openCanvas();
    vi.mocked(createNode).mockRejectedValueOnce(new Error("down"));
    await store.set(addNodeAtom, { kind: "filedb" });
    expect(store.get(isAddingNodeAtom)).toBe(false);

    vi.mocked(getNodeUsage).mockRejectedValueOnce(new Error("down"));
    await store.set(addNodeAtom, { kind: "assistant" });
    expect(store.get(isAddingNodeAtom)).toBe(false);
  });
});

describe("plan limits", () => {
  it("checks usage only for the limited kinds", async () => {
    const store = openCanvas();
    vi.mocked(createNode).mockResolvedValue({ node: nodeView("filedb-1") });
    await store.set(addNodeAtom, { kind: "filedb" });
    expect(getNodeUsage).not.toHaveBeenCalled();

    vi.mocked(createNode).mockResolvedValue({ node: nodeView("vectorstore-1") });
    await store.set(addNodeAtom, { kind: "vectorstore" });
    expect(getNodeUsage).toHaveBeenCalledTimes(1);
  });

  it("assistant limit: the message, nothing added, then /subscription after 3000 ms", async () => {
    const store = openCanvas();
    const full = usage({ assistant: { can_create: false, limit: 2, used: 2 } });
    vi.mocked(getNodeUsage).mockResolvedValue(full);

    await expect(store.set(addNodeAtom, { kind: "assistant" })).resolves.toBeNull();

    expect(store.get(notificationsAtom)).toMatchObject([
      { kind: "error", text: checkNodeLimit("assistant", full)!.message },
    ]);
    expect(texts(store)[0]).toBe(message("assistant_limit_reached", {}));
    expect(store.get(nodesAtom)).toEqual([]);
    expect(createNode).not.toHaveBeenCalled();
    expect(store.get(isAddingNodeAtom)).toBe(false);

    await vi.advanceTimersByTimeAsync(2999);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith("/subscription");
  });

  it("vector store limit: the message, then a link to the subscription page after 500 ms", async () => {
    const store = openCanvas();
    const full = usage({ vectorstore: { can_create: false, limit: 3, used: 3 } });
    vi.mocked(getNodeUsage).mockResolvedValue(full);

    await expect(store.set(addNodeAtom, { kind: "vectorstore" })).resolves.toBeNull();
    expect(texts(store)).toEqual([checkNodeLimit("vectorstore", full)!.message]);
    expect(texts(store)[0]).toBe(message("vector_store_limit_reached", {}));

    await vi.advanceTimersByTimeAsync(499);
    expect(store.get(notificationsAtom)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const notes = store.get(notificationsAtom);
    expect(notes).toHaveLength(2);
    expect(notes[1]!.link).toEqual({ href: "/subscription", text: message("upgrade_plan_link", {}) });

    await vi.advanceTimersByTimeAsync(10_000);
    expect(navigate).not.toHaveBeenCalled();
    expect(store.get(nodesAtom)).toEqual([]);
    expect(createNode).not.toHaveBeenCalled();
  });

  it("analyzer limit: a message with the limit and how many are used", async () => {
    const store = openCanvas();
    vi.mocked(getNodeUsage).mockResolvedValue(usage({ analyzer: { can_create: false, limit: 3, used: 7 } }));

    await expect(store.set(addNodeAtom, { kind: "analyzer" })).resolves.toBeNull();

    const [text] = texts(store);
    expect(text).toBe(message("analyzer_limit_reached", { limit: persianDigits("3"), used: persianDigits("7") }));
    expect(text).toContain(persianDigits("3"));
    expect(text).toContain(persianDigits("7"));
    await vi.advanceTimersByTimeAsync(5000);
    expect(navigate).not.toHaveBeenCalled();
    expect(createNode).not.toHaveBeenCalled();
  });

  it("a failed usage check says so and adds nothing", async () => {
    const store = openCanvas();
    vi.mocked(getNodeUsage).mockRejectedValue(new ApiError(0, "network_error", "offline"));

    await expect(store.set(addNodeAtom, { kind: "assistant" })).resolves.toBeNull();

    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "error", text: message("usage_check_failed", {}) }]);
    expect(store.get(nodesAtom)).toEqual([]);
    expect(createNode).not.toHaveBeenCalled();
  });

  it("a limit the server reports on create shows the limit when usage confirms it", async () => {
    const store = openCanvas();
    vi.mocked(getNodeUsage)
      .mockResolvedValueOnce(usage())
      .mockResolvedValueOnce(usage({ assistant: { can_create: false, limit: 1, used: 1 } }));
    vi.mocked(createNode).mockRejectedValue(new ApiError(403, "node_limit_exceeded", "node_limit_exceeded"));

    await expect(store.set(addNodeAtom, { kind: "assistant" })).resolves.toBeNull();

    expect(texts(store)).toEqual([message("assistant_limit_reached", {})]);
    expect(store.get(nodesAtom)[0]!.data.creationStatus).toBe("error");
    await vi.advanceTimersByTimeAsync(3000);
    expect(navigate).toHaveBeenCalledWith("/subscription");
  });

  it("sends assistants to be created in the background", async () => {
    const store = openCanvas();
    vi.mocked(createNode).mockResolvedValue({ node: nodeView("assistant-4") });

    await store.set(addNodeAtom, { kind: "assistant" });

    expect(vi.mocked(createNode).mock.calls[0]![1].payload).toMatchObject({
      async: true,
      model: "gpt-4.1-nano",
      instructions: "You are a helpful assistant.",
      count: 1,
    });
  });
});
