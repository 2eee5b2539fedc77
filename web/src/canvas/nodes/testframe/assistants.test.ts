import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { nodesAtom } from "../../../state/canvas";
import { flowNode } from "../../../state/canvas/testFixtures";
import type { FlowNode } from "../../model";
import { assistantChoices, assistantChoicesAtom, assistantLabelAtom } from "./assistants";

describe("assistantChoices", () => {
  it("lists the saved assistants only, in canvas order", () => {
    const nodes: FlowNode[] = [
      flowNode("assistant-2", { label: "Sales" }),
      flowNode("analyzer-3"),
      { ...flowNode("assistant-2", { label: "Draft" }), id: "assistant-temp-1700000000000" },
      flowNode("assistant-7", { label: "Support" }),
    ];
    expect(assistantChoices(nodes)).toEqual([
      { id: "assistant-2", label: "Sales" },
      { id: "assistant-7", label: "Support" },
    ]);
  });

  it("keeps the same list while nothing but positions change", () => {
    const store = createStore();
    store.set(nodesAtom, [flowNode("assistant-2", { label: "Sales" })]);
    const first = store.get(assistantChoicesAtom);
    store.set(nodesAtom, [flowNode("assistant-2", { label: "Sales" }, { position: { x: 40, y: 9 } })]);
    expect(store.get(assistantChoicesAtom)).toBe(first);
    store.set(nodesAtom, [flowNode("assistant-2", { label: "Sales desk" })]);
    expect(store.get(assistantChoicesAtom)).toEqual([{ id: "assistant-2", label: "Sales desk" }]);
  });
});

describe("assistantLabelAtom", () => {
  it("names the chosen assistant, or null when it is not on the canvas", () => {
    const store = createStore();
    store.set(nodesAtom, [flowNode("assistant-2", { label: "Sales" }), flowNode("vectorstore-2")]);
    expect(store.get(assistantLabelAtom("assistant-2"))).toBe("Sales");
    expect(store.get(assistantLabelAtom("assistant-9"))).toBeNull();
    expect(store.get(assistantLabelAtom("vectorstore-2"))).toBeNull();
    expect(store.get(assistantLabelAtom(undefined))).toBeNull();
  });
});
