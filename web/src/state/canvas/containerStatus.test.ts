import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { edgesAtom, nodesAtom } from "./atoms";
import { aroundContainer, containerStatusAtom } from "./containerStatus";
import { flowNode, savedEdge } from "./testFixtures";

const stale = { status_info: { subsystems: [{ type: "telegram", status: "active", metadata: { company_id: 1 } }] } };

function canvas() {
  const store = createStore();
  store.set(nodesAtom, [
    flowNode("container-1", stale),
    flowNode("iframe-2", { isActive: true, companyId: 77 }, { parentId: "container-1" }),
    flowNode("iframe-3", { isActive: false, companyId: 78 }, { parentId: "container-1" }),
    flowNode("assistant-4"),
    flowNode("assistant-5"),
  ]);
  store.set(edgesAtom, [savedEdge("iframe", "assistant-4", "iframe-2", 10)]);
  return store;
}

describe("a container's status on the canvas", () => {
  it("lists its active frames with the assistant joined to each, not the stored copy", () => {
    const store = canvas();
    expect(store.get(containerStatusAtom("container-1"))).toEqual({
      subsystems: [{ type: "frame", status: "active", metadata: { company_id: 77, assistant_id: 4 } }],
    });
  });

  it("follows the canvas: a bot added inside, an edge removed", () => {
    const store = canvas();
    const status = containerStatusAtom("container-1");
    expect(store.get(status).subsystems).toHaveLength(1);
    store.set(nodesAtom, [
      ...store.get(nodesAtom),
      flowNode("telegram-6", { bot_token: "123:abc", company_id: 88 }, { parentId: "container-1" }),
    ]);
    store.set(edgesAtom, []);
    expect(store.get(status).subsystems).toEqual([
      { type: "frame", status: "active", metadata: { company_id: 77 } },
      { type: "telegram", status: "active", metadata: { company_id: 88 } },
    ]);
  });

  it("reads only the container's children, their edges and the nodes at the other ends", () => {
    const store = canvas();
    const around = aroundContainer(store.get(nodesAtom), store.get(edgesAtom), "container-1");
    expect(around.nodes.map((n) => n.id)).toEqual(["iframe-2", "iframe-3", "assistant-4"]);
    expect(around.edges.map((e) => e.id)).toHaveLength(1);
  });
});
