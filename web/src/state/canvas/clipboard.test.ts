// @vitest-environment happy-dom
// Copy, paste and duplicate (issue #16): the fragment written (a container
// with what it holds, the edges inside, secrets left out), what is read back
// (good, broken, a newer version, text from elsewhere), and a paste made
// through the same calls as an add, at the pointer, limits first, as one step.
import { parseTransfer, type Transfer } from "@dastyar/rules";
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deleteContainer } from "../../api/containers";
import { createEdge, deleteEdge } from "../../api/edges";
import { createNode, deleteNode, getNode, getNodeUsage } from "../../api/nodes";
import type { FlowEdge, FlowNode } from "../../canvas/model";
import { fa } from "../../i18n/fa";
import { notificationsAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { copyAtom, duplicateAtom, fragmentOf, pasteAtom, placed, readFragment } from "./clipboard";
import { readClipboard, writeClipboard } from "./clipboardStore";
import { nextUndoAtom } from "./history";
import { canvasEdge, flowNode, nodeView, PROJECT_ID, savedEdge, usage, isolateEachTest } from "./testFixtures";
import { undoAtom } from "./undo";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

type Store = ReturnType<typeof createStore>;

function canvasWith(nodes: FlowNode[], edges: FlowEdge[] = [], projectId = PROJECT_ID): Store {
  const store = createStore();
  store.set(projectIdAtom, projectId);
  store.set(nodesAtom, nodes);
  store.set(edgesAtom, edges);
  return store;
}

const texts = (store: Store) => store.get(notificationsAtom).map((n) => n.text);
const fn = (id: string, extra: { position?: { x: number; y: number }; parentId?: string } = {}) =>
  flowNode(
    id,
    { label: "lookup", functionName: "lookup", parameters: { type: "object", properties: { q: { type: "string" } }, required: [] } },
    extra,
  );

/** A container with an assistant and a function joined inside it, a bot with a token outside. */
function group(): { nodes: FlowNode[]; edges: FlowEdge[] } {
  return {
    nodes: [
      flowNode("container-9", { label: "پشتیبانی", width: 600, height: 300 }, { position: { x: 100, y: 200 } }),
      flowNode("assistant-1", { label: "پاسخ‌گو", instructions: "مؤدب باش." }, { position: { x: 20, y: 40 }, parentId: "container-9" }),
      fn("function-7", { position: { x: 300, y: 40 }, parentId: "container-9" }),
      flowNode("telegram-4", { label: "ربات", bot_token: "••••wxyz", bot_username: "shop_bot" }, { position: { x: 900, y: 200 } }),
    ],
    edges: [
      savedEdge("function", "function-7", "assistant-1", 43),
      savedEdge("telegram", "assistant-1", "telegram-4", 44),
    ],
  };
}

let nextId = 100;

isolateEachTest();

beforeEach(() => {
  nextId = 100;
  localStorage.clear();
  vi.mocked(getNodeUsage).mockResolvedValue(usage());
  vi.mocked(getNode).mockRejectedValue(new Error("not asked for"));
  vi.mocked(deleteNode).mockResolvedValue(undefined);
  vi.mocked(deleteEdge).mockResolvedValue(undefined);
  vi.mocked(deleteContainer).mockResolvedValue([]);
  vi.mocked(createNode).mockImplementation(async (kind, body) => {
    const id = nextId++;
    const payload = body.payload as { parameters?: unknown };
    const data =
      kind === "container"
        ? { label: body.name, width: 600, height: 300 }
        : kind === "function"
          ? { label: body.name, functionName: body.name, parameters: payload.parameters }
          : { label: body.name };
    const parent = body.containerId ? { parentId: `container-${body.containerId}` } : {};
    return { node: nodeView(`${kind}-${id}`, data, { position: body.position, ...parent }) };
  });
  vi.mocked(createEdge).mockImplementation(async (body) =>
    canvasEdge("function", `${body.source_type}-${body.source_id}`, `${body.target_type}-${body.target_id}`, nextId++),
  );
});

afterEach(() => {
  Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
});

describe("the copied fragment", () => {
  it("holds a container with what it holds and the edges between them, in core's versioned format", () => {
    const { nodes, edges } = group();
    const fragment = fragmentOf(nodes, edges, ["container-9"])!;
    expect(fragment).toMatchObject({ format: "dastyar.project", version: 1 });
    expect(fragment.name).toBeUndefined();
    expect(fragment.nodes.map((n) => [n.id, n.parent ?? null, n.position])).toEqual([
      ["container-9", null, { x: 100, y: 200 }],
      ["assistant-1", "container-9", { x: 20, y: 40 }],
      ["function-7", "container-9", { x: 300, y: 40 }],
    ]);
    // The edge to the bot outside the selection stays behind.
    expect(fragment.edges).toEqual([{ source: "function-7", target: "assistant-1" }]);
    expect(fragment.nodes.find((n) => n.id === "assistant-1")?.data).toMatchObject({ instructions: "مؤدب باش." });
    // What is written reads back as it was.
    expect(parseTransfer(JSON.stringify(fragment))).toEqual({ ok: true, value: fragment });
  });

  it("leaves secrets out and lists them", () => {
    const { nodes, edges } = group();
    const fragment = fragmentOf(nodes, edges, ["assistant-1", "telegram-4"])!;
    const bot = fragment.nodes.find((n) => n.id === "telegram-4")!;
    expect(bot.data).toMatchObject({ bot_token: "", bot_username: "shop_bot" });
    expect(JSON.stringify(fragment)).not.toContain("wxyz");
    expect(fragment.secretsRemoved).toEqual([{ node: "telegram-4", label: "ربات", field: "bot_token" }]);
    // A child copied without its container is placed where it is on the canvas.
    expect(fragment.nodes.find((n) => n.id === "assistant-1")).toMatchObject({ position: { x: 120, y: 240 } });
    expect(fragment.nodes.find((n) => n.id === "assistant-1")?.parent).toBeUndefined();
    expect(fragment.edges).toEqual([{ source: "assistant-1", target: "telegram-4" }]);
  });

  it("is nothing for a selection of nothing storable", () => {
    expect(fragmentOf([flowNode("testframe-temp-1")], [], ["testframe-temp-1"])).toBeNull();
    expect(fragmentOf(group().nodes, [], [])).toBeNull();
  });
});

describe("reading what the clipboards hold", () => {
  const fragment = () => JSON.stringify(fragmentOf(group().nodes, group().edges, ["container-9"]));

  it("reads a good fragment from the system clipboard, else from the stored copy", () => {
    expect(readFragment({ system: fragment(), stored: null })).toMatchObject({ ok: true, transfer: { version: 1 } });
    expect(readFragment({ system: null, stored: fragment() })).toMatchObject({ ok: true });
    // Text copied from a web page is not a fragment: the stored copy is pasted.
    expect(readFragment({ system: "سلام دنیا", stored: fragment() })).toMatchObject({ ok: true });
    expect(readFragment({ system: '{"a": 1}', stored: fragment() })).toMatchObject({ ok: true });
  });

  it("refuses a broken fragment in Persian", () => {
    const broken = fragment().slice(0, 40);
    const read = readFragment({ system: null, stored: broken });
    expect(read).toEqual({ ok: false, message: expect.stringMatching(/JSON/) });
    const tampered = JSON.stringify({ ...JSON.parse(fragment()), edges: [{ source: "function-7", target: "gone-1" }] });
    const refused = readFragment({ system: tampered, stored: fragment() });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toContain("gone-1");
  });

  it("refuses a fragment of a newer version, naming both versions", () => {
    const newer = JSON.stringify({ ...JSON.parse(fragment()), version: 7 });
    const read = readFragment({ system: newer, stored: fragment() });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/[۷7]/);
    expect(!read.ok && read.message).toMatch(/نسخه/);
  });

  it("says there is nothing to paste when nothing was copied", () => {
    expect(readFragment({ system: null, stored: null })).toEqual({ ok: false, message: fa.editing.clipboard.empty });
    expect(readFragment({ system: "متن", stored: null })).toEqual({ ok: false, message: fa.editing.clipboard.empty });
  });

  it("keeps a copy in this origin's storage when the system clipboard is out of reach", async () => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: vi.fn().mockRejectedValue(new Error("denied")), readText: vi.fn().mockRejectedValue(new Error("denied")) },
      configurable: true,
    });
    await writeClipboard("{}");
    await expect(readClipboard()).resolves.toEqual({ system: null, stored: "{}" });
  });
});

describe("placing a fragment", () => {
  it("moves its top-left corner to the pointer; children keep their place in their container", () => {
    const fragment = fragmentOf(group().nodes, group().edges, ["container-9"])!;
    const removed = placed(fragment, { x: 1000.4, y: 50 });
    expect(removed.nodes.map((n) => n.position)).toEqual([
      { x: 1000, y: 50 },
      { x: 20, y: 40 },
      { x: 300, y: 40 },
    ]);
  });
});

describe("pasting", () => {
  async function copied(from: Store, ids: string[]): Promise<string> {
    await from.set(copyAtom, ids);
    return localStorage.getItem("dastyar.clipboard")!;
  }

  it("creates the group, its children inside it and the edge between them in another project, at the pointer", async () => {
    const { nodes, edges } = group();
    const text = await copied(canvasWith(nodes, edges), ["container-9"]);
    expect(JSON.parse(text)).toMatchObject({ format: "dastyar.project" });

    const other = canvasWith([], [], PROJECT_ID + 1);
    const made = await other.set(pasteAtom, { x: 500, y: 500 });

    expect(made).toEqual(["container-100", "assistant-101", "function-102"]);
    expect(createNode).toHaveBeenNthCalledWith(1, "container", expect.objectContaining({ projectId: PROJECT_ID + 1, name: "پشتیبانی", position: { x: 500, y: 500 } }));
    expect(createNode).toHaveBeenNthCalledWith(2, "assistant", expect.objectContaining({ containerId: 100, position: { x: 20, y: 40 }, payload: expect.objectContaining({ instructions: "مؤدب باش." }) }));
    expect(createNode).toHaveBeenNthCalledWith(3, "function", expect.objectContaining({ containerId: 100 }));
    expect(createEdge).toHaveBeenCalledWith(expect.objectContaining({ project_id: PROJECT_ID + 1, source_id: 102, target_id: 101 }));
    expect(other.get(edgesAtom).map((e) => `${e.source}>${e.target}`)).toEqual(["function-102>assistant-101"]);
    // The pasted nodes are the selection, and the paste is one step.
    expect(other.get(nodesAtom).filter((n) => n.selected).map((n) => n.id)).toEqual(made);
    expect(other.get(nextUndoAtom)?.label).toBe(fa.editing.steps.paste(3));
    expect(texts(other)).toContain(fa.editing.clipboard.pasted(3));

    await other.set(undoAtom);
    expect(other.get(nodesAtom)).toEqual([]);
    expect(deleteContainer).toHaveBeenCalledWith(100);
  });

  it("sends no secret and says which nodes need theirs entered", async () => {
    const { nodes, edges } = group();
    await copied(canvasWith(nodes, edges), ["telegram-4"]);
    const other = canvasWith([]);
    await other.set(pasteAtom, { x: 0, y: 0 });
    expect(vi.mocked(createNode).mock.calls[0]![1].payload).toMatchObject({ bot_token: "" });
    expect(texts(other)).toContain(fa.editing.clipboard.secretsLeft(["ربات"]));
  });

  it("checks the plan's limits for everything first, and creates nothing past them", async () => {
    const { nodes, edges } = group();
    await copied(canvasWith(nodes, edges), ["container-9"]);
    vi.mocked(getNodeUsage).mockResolvedValue(usage({ assistant: { can_create: false, limit: 2, used: 2 } }));
    const other = canvasWith([]);
    await expect(other.set(pasteAtom, { x: 0, y: 0 })).resolves.toEqual([]);
    expect(createNode).not.toHaveBeenCalled();
    expect(texts(other).some((t) => t.includes("حداکثر"))).toBe(true);
    expect(other.get(nextUndoAtom)).toBeNull();
  });

  it("refuses a newer fragment without creating anything", async () => {
    const fragment: Transfer = { ...fragmentOf(group().nodes, [], ["function-7"])!, version: 2 };
    localStorage.setItem("dastyar.clipboard", JSON.stringify(fragment));
    const store = canvasWith([]);
    await expect(store.set(pasteAtom, { x: 0, y: 0 })).resolves.toEqual([]);
    expect(createNode).not.toHaveBeenCalled();
    expect(texts(store)[0]).toMatch(/نسخه/);
  });

  it("duplicates the selection beside itself without touching the clipboard", async () => {
    const store = canvasWith([fn("function-7", { position: { x: 10, y: 20 } })]);
    const made = await store.set(duplicateAtom, ["function-7"]);
    expect(made).toEqual(["function-100"]);
    expect(createNode).toHaveBeenCalledWith("function", expect.objectContaining({ name: "lookup", position: { x: 50, y: 60 } }));
    expect(localStorage.getItem("dastyar.clipboard")).toBeNull();
    expect(store.get(nextUndoAtom)?.label).toBe(fa.editing.steps.duplicate(1));
  });

  it("keeps a function's Persian display name apart from its tool name", async () => {
    const named = flowNode(
      "function-8",
      { label: "جست‌وجوی سفارش", functionName: "find_order", parameters: { type: "object", properties: {}, required: [] } },
      { position: { x: 10, y: 20 } },
    );
    expect(fragmentOf([named], [], ["function-8"])!.nodes[0]).toMatchObject({ label: "جست‌وجوی سفارش", data: { name: "find_order" } });
    const store = canvasWith([named]);
    await store.set(duplicateAtom, ["function-8"]);
    expect(createNode).toHaveBeenLastCalledWith(
      "function",
      expect.objectContaining({ name: "find_order", payload: expect.objectContaining({ label: "جست‌وجوی سفارش" }) }),
    );
  });

  it("says so when nothing is selected", async () => {
    const store = canvasWith([]);
    await expect(store.set(copyAtom, [])).resolves.toBe(false);
    expect(texts(store)).toEqual([fa.editing.clipboard.nothingSelected]);
  });
});
