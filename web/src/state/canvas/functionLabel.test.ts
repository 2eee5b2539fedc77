// A function's Persian display name is kept apart from its tool name: a
// new one starts with the kind's label and a valid tool name, and its save
// sends the tool name as `name` and the display name as `label` (the
// server keeps both), so neither overwrites the other.
import { defaultNodeData } from "@dastyar/rules";
import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { updateNode } from "../../api/nodes";
import { displayLabel, NEW_FUNCTION_NAME, newNodeData } from "../../canvas/kinds";
import type { AnyNodeData } from "../../canvas/model";
import { nodesAtom, projectIdAtom } from "./atoms";
import { saveNodeAtom } from "./save";
import { flowNode, isolateEachTest, nodeView, PROJECT_ID } from "./testFixtures";

vi.mock("../../api/nodes");

isolateEachTest();

const SCHEMA = { type: "object", properties: { order_id: { type: "string" } }, required: [] };

describe("a function's display name and tool name", () => {
  it("start apart: the kind's Persian label and a valid tool name", () => {
    const fresh = newNodeData("function");
    if (fresh.type !== "function") throw new Error("not a function");
    expect(fresh.data.label).toBe(defaultNodeData("function").data.label);
    expect(fresh.data.functionName).toBe(NEW_FUNCTION_NAME);
    expect(displayLabel(fresh)).toEqual({ label: fresh.data.label });
    expect(displayLabel(defaultNodeData("assistant"))).toEqual({});
  });

  it("are saved apart and come back apart", async () => {
    const node = flowNode("function-7", { label: "تابع", functionName: "lookup", parameters: SCHEMA });
    const store = createStore();
    store.set(projectIdAtom, PROJECT_ID);
    store.set(nodesAtom, [node]);
    vi.mocked(updateNode).mockResolvedValue(
      nodeView("function-7", { label: "پیگیری سفارش", functionName: "lookup_order", parameters: SCHEMA, creationStatus: "pending_assistant" }),
    );

    const edited = { ...node.data, label: "پیگیری سفارش", functionName: "lookup_order" } as AnyNodeData;
    await store.set(saveNodeAtom, "function-7", edited);

    expect(updateNode).toHaveBeenCalledWith(
      "function",
      7,
      expect.objectContaining({ name: "lookup_order", label: "پیگیری سفارش" }),
    );
    expect(store.get(nodesAtom)[0]!.data).toMatchObject({ label: "پیگیری سفارش", functionName: "lookup_order" });
  });
});
