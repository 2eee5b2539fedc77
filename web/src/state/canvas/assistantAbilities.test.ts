import { createStore } from "jotai";
import { beforeAll, describe, expect, it } from "vitest";
import { edgesAtom, nodesAtom } from "./atoms";
import { aroundAssistant, assistantAbilitiesAtom } from "./assistantAbilities";
import { flowNode, savedEdge } from "./testFixtures";
import { loadUrlRules } from "../../canvas/urlRules";

const city = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };

function canvas() {
  const store = createStore();
  store.set(nodesAtom, [
    flowNode("assistant-1", { label: "support" }),
    flowNode("instruction-2", { label: "tone", content: "Be brief." }),
    flowNode("function-3", { functionName: "get_weather", functionDescription: "weather", parameters: city }),
    flowNode("apidefinition-4", { label: "shop" }),
    flowNode("request-5", { label: "orders", endpoint: "/orders/{{id}}", apiDefinitionId: 4 }),
    flowNode("request-6", { label: "lonely", endpoint: "/x" }),
    flowNode("vectorstore-7", { label: "docs" }),
    flowNode("telegram-8", { label: "bot" }),
    flowNode("function-9", { label: "nameless", functionName: "", parameters: city }),
    flowNode("assistant-10"),
    flowNode("instruction-11", { content: "Not ours." }),
  ]);
  store.set(edgesAtom, [
    savedEdge("instruction", "assistant-1", "instruction-2", 1),
    savedEdge("function", "function-3", "assistant-1", 2),
    savedEdge("webhook", "request-5", "assistant-1", 3),
    savedEdge("webhook", "request-6", "assistant-1", 4),
    savedEdge("vector_store", "vectorstore-7", "assistant-1", 5),
    savedEdge("telegram", "assistant-1", "telegram-8", 6),
    savedEdge("function", "function-9", "assistant-1", 7),
    savedEdge("instruction", "assistant-10", "instruction-11", 8),
  ]);
  return store;
}

// The URL rules, which the assistant's panel reading this waits for.
beforeAll(() => loadUrlRules());

describe("an assistant's abilities on the canvas", () => {
  it("lists its instructions, tools, knowledge and channels in edge order", () => {
    const abilities = canvas().get(assistantAbilitiesAtom("assistant-1"));
    expect(abilities.instructions.map((i) => i.name)).toEqual(["tone"]);
    expect(abilities.tools.map((t) => [t.name, t.source.kind])).toEqual([
      ["file_search", "knowledge"],
      ["get_weather", "function"],
      ["orders", "request"],
    ]);
    expect(abilities.knowledge.map((k) => [k.kind, k.name])).toEqual([["vectorstore", "docs"]]);
    expect(abilities.channels.map((c) => [c.kind, c.name])).toEqual([["telegram", "bot"]]);
  });

  it("names the nodes left out, with the reason", () => {
    const abilities = canvas().get(assistantAbilitiesAtom("assistant-1"));
    expect(abilities.skipped).toEqual([
      { node: "request-6", reason: "request_without_api_definition", name: "lonely", kind: "request" },
      { node: "function-9", reason: "function_without_name", name: "nameless", kind: "function" },
    ]);
  });

  it("follows the canvas: an API definition joined to a request, an edge removed", () => {
    const store = canvas();
    const abilities = assistantAbilitiesAtom("assistant-1");
    expect(store.get(abilities).tools).toHaveLength(3);
    store.set(edgesAtom, [
      ...store.get(edgesAtom).filter((e) => e.source !== "function-3"),
      savedEdge("api_link", "apidefinition-4", "request-6", 9),
    ]);
    expect(store.get(abilities).tools.map((t) => t.name)).toEqual(["file_search", "orders", "lonely"]);
    expect(store.get(abilities).skipped.map((s) => s.node)).toEqual(["function-9"]);
  });

  it("reads only the assistant's edges, its neighbours and its requests' API definitions", () => {
    const store = canvas();
    const around = aroundAssistant(store.get(nodesAtom), store.get(edgesAtom), "assistant-1");
    expect(around.nodes.map((n) => n.id)).toEqual([
      "assistant-1",
      "instruction-2",
      "function-3",
      "apidefinition-4",
      "request-5",
      "request-6",
      "vectorstore-7",
      "telegram-8",
      "function-9",
    ]);
    expect(around.edges).toHaveLength(7);
  });

  it("is empty for an assistant with nothing connected", () => {
    const store = createStore();
    store.set(nodesAtom, [flowNode("assistant-1")]);
    expect(store.get(assistantAbilitiesAtom("assistant-1"))).toEqual({
      instructions: [],
      tools: [],
      knowledge: [],
      channels: [],
      skipped: [],
    });
  });
});
