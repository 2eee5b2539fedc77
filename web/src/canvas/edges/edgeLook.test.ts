import { allowedTargets, edgeKind, kinds, type EdgeKind } from "@dastyar/rules";
import { MarkerType } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import { savedEdge, unsavedEdge } from "../../state/canvas/testFixtures";
import type { FlowEdge } from "../model";
import { dressEdge, edgeKindOf, EDGE_COLOURS } from "./edgeLook";

const CLASSES = { pending: "pending-class", error: "error-class" };

describe("edge looks", () => {
  it("give every edge kind the rules know a colour of its own", () => {
    const used = new Set<EdgeKind>();
    for (const { kind } of kinds()) for (const target of allowedTargets(kind)) used.add(edgeKind(kind, target)!);
    expect([...used].sort()).toEqual(Object.keys(EDGE_COLOURS).sort());
    expect(new Set(Object.values(EDGE_COLOURS)).size).toBe(Object.keys(EDGE_COLOURS).length);
  });

  it("draw a saved edge in its kind's colour with a closed arrowhead at its target", () => {
    const edge = dressEdge(savedEdge("sms", "assistant-1", "sms-2", 7), CLASSES);
    expect(edge.style).toMatchObject({ stroke: EDGE_COLOURS.sms });
    expect(edge.markerEnd).toMatchObject({ type: MarkerType.ArrowClosed, color: EDGE_COLOURS.sms });
    expect(edge.animated).toBeFalsy();
    expect(edge.ariaLabel).toBeTruthy();
  });

  it("ask the rules for the kind of an edge saved without one", () => {
    const bare: FlowEdge = { id: "e1", source: "vectorstore-3", target: "assistant-2", data: { connectionStatus: "success" } as FlowEdge["data"] };
    expect(edgeKindOf(bare)).toBe("vector_store");
    expect(dressEdge(bare, CLASSES).style).toMatchObject({ stroke: EDGE_COLOURS.vector_store });
  });

  it("dash a pending edge and redden a failed one through their classes", () => {
    const pending = dressEdge(unsavedEdge("telegram", "assistant-1", "telegram-2", "pending"), CLASSES);
    expect(pending).toMatchObject({ animated: true, className: "pending-class" });
    expect(pending.style).not.toHaveProperty("stroke");
    const failed = dressEdge(unsavedEdge("iframe", "assistant-1", "iframe-2", "error"), CLASSES);
    expect(failed.className).toBe("error-class");
  });

  it("dress an unchanged edge once: the same object comes back", () => {
    const edge = savedEdge("function", "function-1", "assistant-2", 4);
    expect(dressEdge(edge, CLASSES)).toBe(dressEdge(edge, CLASSES));
    // Looks are shared between edges of one kind, not made per edge.
    const other = savedEdge("function", "function-5", "assistant-2", 6);
    expect(dressEdge(other, CLASSES).style).toBe(dressEdge(edge, CLASSES).style);
  });
});
