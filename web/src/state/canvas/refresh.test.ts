// Re-reading the nodes a link changed: a few one by one, a hub's many
// neighbours in one read of the project; positions stay as they are.
import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { getNode, listNodes } from "../../api/nodes";
import { nodesAtom, projectIdAtom } from "./atoms";
import { refreshNodesAtom } from "./refresh";
import { flowNode, isolateEachTest, nodeView, PROJECT_ID } from "./testFixtures";

vi.mock("../../api/nodes");

isolateEachTest();

function canvasWith(count: number) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  const nodes = Array.from({ length: count }, (_, i) =>
    flowNode(`function-${i + 1}`, { functionName: "old" }, { position: { x: i, y: 0 } }),
  );
  store.set(nodesAtom, nodes);
  return store;
}

describe("refreshing nodes", () => {
  it("reads a few nodes one by one and keeps their positions", async () => {
    const store = canvasWith(3);
    vi.mocked(getNode).mockImplementation(async (_kind, id) =>
      nodeView(`function-${id}`, { functionName: "new" }, { position: { x: 999, y: 999 } }),
    );
    await store.set(refreshNodesAtom, ["function-1", "function-2"]);
    expect(getNode).toHaveBeenCalledTimes(2);
    expect(listNodes).not.toHaveBeenCalled();
    const [one, two, three] = store.get(nodesAtom);
    expect(one).toMatchObject({ position: { x: 0, y: 0 }, data: { functionName: "new" } });
    expect(two!.data).toMatchObject({ functionName: "new" });
    expect(three!.data).toMatchObject({ functionName: "old" });
  });

  it("reads many nodes in one project read", async () => {
    const store = canvasWith(20);
    vi.mocked(listNodes).mockResolvedValue(
      Array.from({ length: 20 }, (_, i) => nodeView(`function-${i + 1}`, { functionName: "new" })),
    );
    const ids = Array.from({ length: 12 }, (_, i) => `function-${i + 1}`);
    await store.set(refreshNodesAtom, ids);
    expect(listNodes).toHaveBeenCalledOnce();
    expect(getNode).not.toHaveBeenCalled();
    const nodes = store.get(nodesAtom);
    expect(nodes.filter((n) => (n.data as { functionName: string }).functionName === "new")).toHaveLength(12);
    expect(nodes[19]!.data).toMatchObject({ functionName: "old" });
  });
});
