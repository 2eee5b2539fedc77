// The assistant at work through the real wasm exports: what an assistant can
// do on a canvas, a request's placeholders, a reply's cost and a model's
// context window (core's abilities, request_template, usage_cost and
// context_budget). tests/vectors/abilities.json holds the shared cases.
import {
  contextWindow,
  defaultNodeData,
  nodePayload,
  replyCost,
  requestPlaceholders,
  type CanvasNode,
  type Graph,
  type NodeData,
  type RequestPayload,
  type SkipReason,
  type Tool,
} from "@dastyar/rules";
import { assistantAbilities } from "@dastyar/rules/urls";
import { describe, expect, it } from "vitest";

function node(id: string, data: Record<string, unknown> = {}): CanvasNode {
  const kind = id.split("-")[0] as NodeData["type"];
  const defaults = defaultNodeData(kind);
  return { id, position: { x: 0, y: 0 }, ...defaults, data: { ...defaults.data, ...data } } as CanvasNode;
}

const city = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };

function canvas(): Graph {
  return {
    nodes: [
      node("assistant-1"),
      node("function-2", { functionName: "get_weather", functionDescription: "weather", parameters: city }),
      node("apidefinition-3"),
      node("request-4", { label: "orders", endpoint: "/orders/{{id}}" }),
      node("instruction-5", { label: "tone", content: "Be brief." }),
    ],
    edges: [
      { id: "a", source: "function-2", target: "assistant-1" },
      { id: "b", source: "apidefinition-3", target: "request-4" },
      { id: "c", source: "request-4", target: "assistant-1" },
      { id: "d", source: "assistant-1", target: "instruction-5" },
    ],
  };
}

describe("assistantAbilities", () => {
  it("reads the canvas's nodes as the canvas holds them", () => {
    const abilities = assistantAbilities(canvas(), "assistant-1");
    expect(abilities.instructions).toEqual([{ node: "instruction-5", name: "tone", text: "Be brief." }]);
    expect(abilities.tools.map((t) => t.name)).toEqual(["get_weather", "orders"]);
    expect(abilities.tools[1].parameters).toEqual({
      type: "object",
      properties: { id: { type: "string" } },
      required: ["id"],
    });
  });

  it("tells function and request tools apart by source.kind", () => {
    const [fn, request] = assistantAbilities(canvas(), "assistant-1").tools;
    const apiDefinitionOf = (tool: Tool) => (tool.source.kind === "request" ? tool.source.apiDefinition : null);
    expect(apiDefinitionOf(fn)).toBeNull();
    expect(apiDefinitionOf(request)).toBe("apidefinition-3");
  });

  it("says why a connected node is no tool", () => {
    const graph = canvas();
    graph.edges = graph.edges.filter((e) => e.id !== "b");
    const reasons: SkipReason[] = assistantAbilities(graph, "assistant-1").skipped.map((s) => s.reason);
    expect(reasons).toEqual(["request_without_api_definition"]);
  });
});

describe("requestPlaceholders", () => {
  it("takes a request's stored payload", () => {
    const stored = nodePayload(defaultNodeData("request")) as RequestPayload;
    expect(requestPlaceholders(stored)).toEqual([]);
    expect(requestPlaceholders({ ...stored, endpoint: "/a/{{ b }}/{{a}}", body: ["{{a}}"] })).toEqual(["a", "b"]);
  });
});

describe("replyCost", () => {
  it("charges at least one credit", () => {
    expect(replyCost("gpt-4.1-nano", 0, 0)).toBe(1);
    expect(replyCost("gpt-4o", 600, 100)).toBe(5);
  });

  it("refuses token counts that are not whole and non-negative", () => {
    expect(() => replyCost("gpt-4o", 1.5, 0)).toThrow();
    expect(() => replyCost("gpt-4o", -1, 0)).toThrow();
    expect(() => replyCost("gpt-4o", 0, Number.NaN)).toThrow();
    expect(() => replyCost("gpt-4o", 2 ** 32, 0)).toThrow();
  });
});

describe("contextWindow", () => {
  it("is conservative for a model it does not know", () => {
    expect(contextWindow("gpt-4.1-mini")).toBe(1_047_576);
    expect(contextWindow("tiny-local")).toBe(8_192);
  });
});
