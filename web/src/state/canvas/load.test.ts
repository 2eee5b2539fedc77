// Opening a project's canvas: its nodes (containers first) and edges, read
// once; a failure says so; answers for a canvas since left are dropped.
import { message } from "@dastyar/rules";
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { listEdges } from "../../api/edges";
import { listNodes } from "../../api/nodes";
import {
  canvasLoadAtom,
  deletingEdgesAtom,
  edgesAtom,
  isAddingNodeAtom,
  nodesAtom,
  projectIdAtom,
  selectedNodeIdAtom,
} from "./atoms";
import { closeCanvasAtom, loadCanvasAtom } from "./load";
import { canvasEdge, deferred, flowNode, nodeView, PROJECT_ID } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

beforeEach(() => {
  vi.resetAllMocks();
  vi.stubGlobal("fetch", () => Promise.reject(new Error("no HTTP in tests")));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("loading a canvas", () => {
  it("reads the nodes, containers first, and the edges, and forgets the last canvas", async () => {
    const store = createStore();
    store.set(nodesAtom, [flowNode("assistant-99")]);
    store.set(selectedNodeIdAtom, "assistant-99");
    store.set(isAddingNodeAtom, true);
    store.set(deletingEdgesAtom, new Set(["old"]));
    vi.mocked(listNodes).mockResolvedValue([
      nodeView("function-7", {}, { parentId: "container-4", position: { x: 10, y: 20 } }),
      nodeView("container-4", { width: 500, height: 320 }, { position: { x: 100, y: 100 } }),
    ]);
    const edge = canvasEdge("function", "function-7", "assistant-1", 43);
    vi.mocked(listEdges).mockResolvedValue([edge]);

    const loading = store.set(loadCanvasAtom, PROJECT_ID);
    expect(store.get(canvasLoadAtom)).toEqual({ status: "loading" });
    expect(store.get(nodesAtom)).toEqual([]);
    expect(store.get(selectedNodeIdAtom)).toBeNull();
    expect(store.get(isAddingNodeAtom)).toBe(false);
    expect(store.get(deletingEdgesAtom).size).toBe(0);
    await loading;

    expect(listNodes).toHaveBeenCalledWith(PROJECT_ID, undefined);
    expect(store.get(projectIdAtom)).toBe(PROJECT_ID);
    expect(store.get(nodesAtom).map((n) => n.id)).toEqual(["container-4", "function-7"]);
    expect(store.get(nodesAtom)[0]).toMatchObject({ width: 500, height: 320 });
    expect(store.get(nodesAtom)[1]).toMatchObject({ parentId: "container-4" });
    expect(store.get(edgesAtom)).toEqual([
      { id: edge.id, source: "function-7", target: "assistant-1", data: edge.data },
    ]);
    expect(store.get(canvasLoadAtom)).toEqual({ status: "ready" });
  });

  it("says the project failed to load", async () => {
    const store = createStore();
    vi.mocked(listNodes).mockRejectedValue(new ApiError(500, "internal_error", "x"));
    vi.mocked(listEdges).mockResolvedValue([]);

    await store.set(loadCanvasAtom, PROJECT_ID);

    expect(store.get(canvasLoadAtom)).toEqual({ status: "failed", message: message("project_load_failed", {}) });
  });

  it("says a missing project is missing", async () => {
    const store = createStore();
    vi.mocked(listNodes).mockRejectedValue(new ApiError(404, "not_found", "پروژه پیدا نشد"));
    vi.mocked(listEdges).mockResolvedValue([]);

    await store.set(loadCanvasAtom, PROJECT_ID);

    expect(store.get(canvasLoadAtom)).toEqual({ status: "failed", message: "پروژه پیدا نشد" });
  });

  it("drops the answer for a canvas closed before it came", async () => {
    const store = createStore();
    const nodes = deferred<ReturnType<typeof nodeView>[]>();
    vi.mocked(listNodes).mockReturnValue(nodes.promise);
    vi.mocked(listEdges).mockResolvedValue([]);

    const loading = store.set(loadCanvasAtom, PROJECT_ID);
    store.set(closeCanvasAtom);
    nodes.resolve([nodeView("assistant-1")]);
    await loading;

    expect(store.get(projectIdAtom)).toBeNull();
    expect(store.get(nodesAtom)).toEqual([]);
  });
});
