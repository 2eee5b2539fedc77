// What happens to a node changed on the canvas while its creation is on its
// way: deleted (the server's copy is deleted too) or moved (the new spot is
// saved once the node has an id).
import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { deleteContainer } from "../../api/containers";
import { createNode, deleteNode, saveNodePosition, type Created } from "../../api/nodes";
import { addNodeAtom } from "./addNode";
import { nodesAtom, projectIdAtom } from "./atoms";
import { mapNode, withoutNode } from "./graph";
import { deferred, NOW, nodeView, PROJECT_ID, isolateEachTest } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

isolateEachTest();


function openCanvas() {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  return store;
}

describe("a node changed while it is being created", () => {
  it("deleted: the server's new copy is deleted too and nothing comes back", async () => {
    const store = openCanvas();
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);
    vi.mocked(deleteNode).mockResolvedValue();

    const added = store.set(addNodeAtom, { kind: "filedb" });
    const tempId = `filedb-temp-${NOW}`;
    store.set(nodesAtom, withoutNode(store.get(nodesAtom), [], tempId).nodes);
    answer.resolve({ node: nodeView("filedb-41") });

    await expect(added).resolves.toBeNull();
    expect(store.get(nodesAtom)).toEqual([]);
    expect(deleteNode).toHaveBeenCalledWith("filedb", 41);
  });

  it("deleted container: deleted as a container", async () => {
    const store = openCanvas();
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);
    vi.mocked(deleteContainer).mockResolvedValue([]);

    const added = store.set(addNodeAtom, { kind: "container" });
    store.set(nodesAtom, []);
    answer.resolve({ node: nodeView("container-9") });

    await expect(added).resolves.toBeNull();
    expect(deleteContainer).toHaveBeenCalledWith(9);
    expect(deleteNode).not.toHaveBeenCalled();
  });

  it("moved: keeps its new spot and saves it under its new id", async () => {
    const store = openCanvas();
    const answer = deferred<Created>();
    vi.mocked(createNode).mockReturnValue(answer.promise);
    vi.mocked(saveNodePosition).mockResolvedValue(nodeView("filedb-41"));

    const added = store.set(addNodeAtom, { kind: "filedb", position: { x: 10, y: 20 } });
    const tempId = `filedb-temp-${NOW}`;
    store.set(nodesAtom, mapNode(store.get(nodesAtom), tempId, (n) => ({ ...n, position: { x: 500, y: 600 } })));
    answer.resolve({ node: nodeView("filedb-41", {}, { position: { x: 10, y: 20 } }) });

    await expect(added).resolves.toBe("filedb-41");
    expect(store.get(nodesAtom)[0]!.position).toEqual({ x: 500, y: 600 });
    expect(saveNodePosition).toHaveBeenCalledWith("filedb", 41, { x: 500, y: 600 });
  });

  it("not moved: no extra position save", async () => {
    const store = openCanvas();
    vi.mocked(createNode).mockResolvedValue({ node: nodeView("filedb-41", {}, { position: { x: 10, y: 20 } }) });
    await expect(store.set(addNodeAtom, { kind: "filedb", position: { x: 10, y: 20 } })).resolves.toBe("filedb-41");
    expect(saveNodePosition).not.toHaveBeenCalled();
  });
});
