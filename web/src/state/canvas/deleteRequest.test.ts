// Asking before a delete: a node with edges or several nodes ask once; a
// lone node goes at once; "don't ask again" holds for the store's life (a
// page load) and a new store asks again; cancelling deletes nothing.
import { createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deleteNode, getNode } from "../../api/nodes";
import type { FlowEdge, FlowNode } from "../../canvas/model";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import {
  answerDeleteAtom,
  deleteQuestion,
  pendingDeleteAtom,
  requestDeleteNodesAtom,
  skipDeleteConfirmationAtom,
} from "./deleteRequest";
import { flowNode, flush, isolateEachTest, PROJECT_ID, savedEdge } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

isolateEachTest();

beforeEach(() => {
  vi.mocked(getNode).mockRejectedValue(new Error("not asked for"));
  vi.mocked(deleteNode).mockResolvedValue(undefined);
});

const helper = () => flowNode("assistant-1", { label: "پشتیبان" });
const store1 = () => flowNode("vectorstore-2", { label: "اسناد" });
const note = () => flowNode("instruction-3", { label: "لحن" });
const joined = () => savedEdge("vector_store", "vectorstore-2", "assistant-1", 40);

function canvasWith(nodes: FlowNode[], edges: FlowEdge[] = []) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  store.set(edgesAtom, edges);
  return store;
}
const ids = (store: ReturnType<typeof createStore>) => store.get(nodesAtom).map((n) => n.id);

describe("deleteQuestion", () => {
  it("asks nothing for one node without edges", () => {
    expect(deleteQuestion([helper(), note()], [], ["instruction-3"])).toBeNull();
  });

  it("names a node with edges and counts them", () => {
    expect(deleteQuestion([helper(), store1()], [joined()], ["assistant-1"])).toEqual({
      ids: ["assistant-1"],
      labels: ["پشتیبان"],
      edges: 1,
    });
  });

  it("asks for several nodes, counting an edge between them once", () => {
    const question = deleteQuestion([helper(), store1(), note()], [joined()], ["assistant-1", "vectorstore-2"]);
    expect(question).toEqual({ ids: ["assistant-1", "vectorstore-2"], labels: ["پشتیبان", "اسناد"], edges: 1 });
  });

  it("leaves out ids no longer on the canvas", () => {
    expect(deleteQuestion([note()], [], ["assistant-9", "instruction-3"])).toBeNull();
  });
});

describe("requestDeleteNodesAtom", () => {
  it("deletes a lone node at once", async () => {
    const store = canvasWith([helper(), note()]);
    store.set(requestDeleteNodesAtom, ["instruction-3"]);
    await flush();
    expect(store.get(pendingDeleteAtom)).toBeNull();
    expect(ids(store)).toEqual(["assistant-1"]);
    expect(deleteNode).toHaveBeenCalledWith("instruction", 3);
  });

  it("holds a node with edges until confirmed, then deletes it with its edges", async () => {
    const store = canvasWith([helper(), store1()], [joined()]);
    store.set(requestDeleteNodesAtom, ["assistant-1"]);
    await flush();
    expect(store.get(pendingDeleteAtom)?.ids).toEqual(["assistant-1"]);
    expect(deleteNode).not.toHaveBeenCalled();
    expect(ids(store)).toEqual(["assistant-1", "vectorstore-2"]);

    store.set(answerDeleteAtom, { confirm: true });
    await flush();
    expect(store.get(pendingDeleteAtom)).toBeNull();
    expect(ids(store)).toEqual(["vectorstore-2"]);
    expect(store.get(edgesAtom)).toEqual([]);
  });

  it("keeps everything when cancelled", async () => {
    const store = canvasWith([helper(), store1(), note()]);
    store.set(requestDeleteNodesAtom, ["assistant-1", "instruction-3"]);
    store.set(answerDeleteAtom, { confirm: false, dontAskAgain: true });
    await flush();
    expect(deleteNode).not.toHaveBeenCalled();
    expect(ids(store)).toHaveLength(3);
    // Ticking the box and then cancelling is no answer to remember.
    expect(store.get(skipDeleteConfirmationAtom)).toBe(false);
  });

  it("stops asking after 'don't ask again' until the page loads afresh", async () => {
    const store = canvasWith([helper(), store1(), note()], [joined()]);
    store.set(requestDeleteNodesAtom, ["assistant-1"]);
    store.set(answerDeleteAtom, { confirm: true, dontAskAgain: true });
    await flush();
    expect(ids(store)).toEqual(["vectorstore-2", "instruction-3"]);

    store.set(requestDeleteNodesAtom, ["vectorstore-2", "instruction-3"]);
    expect(store.get(pendingDeleteAtom)).toBeNull();
    await flush();
    expect(ids(store)).toEqual([]);

    // A reload is a new store: the question is back.
    const fresh = canvasWith([helper(), note()]);
    fresh.set(requestDeleteNodesAtom, ["assistant-1", "instruction-3"]);
    expect(fresh.get(pendingDeleteAtom)?.ids).toEqual(["assistant-1", "instruction-3"]);
  });
});
