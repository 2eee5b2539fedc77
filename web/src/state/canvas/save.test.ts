// Saving a node's settings (spec §4): checked by the rules first, so a
// malformed field is never sent; pending, then the server's data (success),
// or error.
import { kindInfo, message } from "@dastyar/rules";
import type { NodeView } from "../../api/types";
import { createStore } from "jotai";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { renameContainer, resizeContainer } from "../../api/containers";
import { createNode, updateNode } from "../../api/nodes";
import type { AnyNodeData, FlowNode } from "../../canvas/model";
import { notificationsAtom } from "../notifications";
import { nodesAtom, projectIdAtom } from "./atoms";
import { saveNodeAtom } from "./save";
import { deferred, flowNode, nodeView, PROJECT_ID, isolateEachTest } from "./testFixtures";
import { loadUrlRules } from "../../canvas/urlRules";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

function canvasWith(...nodes: FlowNode[]) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  return store;
}

const only = (store: ReturnType<typeof createStore>) => store.get(nodesAtom)[0]!;
const edit = (node: FlowNode, change: Record<string, unknown>) => ({ ...node.data, ...change }) as AnyNodeData;

isolateEachTest();


// The URL rules, fetched with the panel: a save then starts at once.
beforeAll(() => loadUrlRules());

describe("saving a node's settings", () => {
  it("is pending while the server works, then holds what the server answers", async () => {
    const node = flowNode("assistant-1", { assistant_id: "asst_1" });
    const store = canvasWith(node);
    const answer = deferred<NodeView>();
    vi.mocked(updateNode).mockReturnValue(answer.promise);

    const saved = store.set(saveNodeAtom, "assistant-1", edit(node, { label: "پشتیبان", instructions: "کوتاه پاسخ بده" }));

    expect(only(store).data).toMatchObject({ creationStatus: "pending", label: "پشتیبان" });
    expect(updateNode).toHaveBeenCalledWith(
      "assistant",
      1,
      expect.objectContaining({ name: "پشتیبان", instructions: "کوتاه پاسخ بده" }),
    );
    answer.resolve(nodeView("assistant-1", { label: "پشتیبان", instructions: "کوتاه پاسخ بده", assistant_id: "asst_1", provider_status: "registered" }));

    await expect(saved).resolves.toEqual({ ok: true });
    expect(only(store).data).toMatchObject({ creationStatus: "success", label: "پشتیبان", provider_status: "registered" });
  });

  it("goes to error when the server fails, saying so", async () => {
    const node = flowNode("wordpress-3");
    const store = canvasWith(node);
    vi.mocked(updateNode).mockRejectedValue(new ApiError(502, "internal_error", "x"));

    await store.set(saveNodeAtom, "wordpress-3", edit(node, { label: "وبلاگ" }));

    expect(only(store).data).toMatchObject({ creationStatus: "error", label: "وبلاگ" });
    expect(store.get(notificationsAtom)).toMatchObject([
      { kind: "error", text: message("node_update_failed", { type: kindInfo("wordpress")!.label }) },
    ]);
  });

  it("sends nothing when a field is malformed, answering the problems", async () => {
    const node = flowNode("function-7", { functionName: "lookup" });
    const store = canvasWith(node);

    const result = await store.set(saveNodeAtom, "function-7", edit(node, { functionName: "1 bad name" }));

    expect(result).toMatchObject({ ok: false, problems: [{ field: "functionName", code: "function_name_invalid" }] });
    expect(updateNode).not.toHaveBeenCalled();
    expect(only(store).data).toMatchObject({ functionName: "lookup", creationStatus: "success" });
  });

  it("keeps the settings of a node not yet created on the canvas, for its create to send", async () => {
    const node = flowNode("filedb-temp-1", { creationStatus: "error" });
    const store = canvasWith(node);

    await expect(store.set(saveNodeAtom, "filedb-temp-1", edit(node, { label: "اسناد" }))).resolves.toEqual({ ok: true });

    expect(only(store).data).toMatchObject({ label: "اسناد", creationStatus: "error" });
    expect(updateNode).not.toHaveBeenCalled();
    expect(createNode).not.toHaveBeenCalled();
  });

  it("keeps a test frame's settings on the canvas only", async () => {
    const node = flowNode("testframe-temp-2");
    const store = canvasWith(node);

    await store.set(saveNodeAtom, "testframe-temp-2", edit(node, { label: "آزمایش" }));

    expect(only(store).data.label).toBe("آزمایش");
    expect(updateNode).not.toHaveBeenCalled();
  });
});

describe("saving a container", () => {
  it("renames it only when its name changed", async () => {
    const node = flowNode("container-4", { label: "قدیمی", width: 400, height: 300 });
    const store = canvasWith(node);
    vi.mocked(renameContainer).mockResolvedValue(nodeView("container-4", { label: "جدید", width: 400, height: 300 }));

    await store.set(saveNodeAtom, "container-4", edit(node, { label: "جدید" }));

    expect(renameContainer).toHaveBeenCalledWith(4, "جدید");
    expect(resizeContainer).not.toHaveBeenCalled();
    expect(updateNode).not.toHaveBeenCalled();
    expect(only(store).data).toMatchObject({ label: "جدید", creationStatus: "success" });
  });

  it("resizes it only when its size changed", async () => {
    const node = flowNode("container-4", { label: "ظرف", width: 400, height: 300 });
    const store = canvasWith(node);
    vi.mocked(resizeContainer).mockResolvedValue(nodeView("container-4", { label: "ظرف", width: 640, height: 480 }));

    await store.set(saveNodeAtom, "container-4", edit(node, { width: 640, height: 480 }));

    expect(resizeContainer).toHaveBeenCalledWith(4, 640, 480);
    expect(renameContainer).not.toHaveBeenCalled();
    expect(only(store).data).toMatchObject({ width: 640, height: 480, creationStatus: "success" });
  });

  it("sends nothing when nothing changed, and is success", async () => {
    const node = flowNode("container-4", { label: "ظرف", width: 400, height: 300 });
    const store = canvasWith(node);

    await store.set(saveNodeAtom, "container-4", edit(node, {}));

    expect(renameContainer).not.toHaveBeenCalled();
    expect(resizeContainer).not.toHaveBeenCalled();
    expect(only(store).data.creationStatus).toBe("success");
  });
});
