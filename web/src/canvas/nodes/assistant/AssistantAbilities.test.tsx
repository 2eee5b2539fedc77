// @vitest-environment happy-dom
// The assistant panel's "this assistant can" section: what is connected, as
// core's assistantAbilities reads the canvas, with the reasons in Persian.
import { createStore, Provider } from "jotai";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fa } from "../../../i18n/fa";
import { edgesAtom, nodesAtom } from "../../../state/canvas";
import { flowNode, savedEdge } from "../../../state/canvas/testFixtures";
import { AssistantAbilities } from "./AssistantAbilities";
import { loadUrlRules } from "../../urlRules";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const words = fa.nodes.assistant.abilities;
const city = { type: "object", properties: { city: { type: "string" } } };

let root: Root | null = null;
let host: HTMLElement;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
});

function render(store: ReturnType<typeof createStore>) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <Provider store={store}>
        <AssistantAbilities nodeId="assistant-1" />
      </Provider>,
    ),
  );
}

const row = (field: string) => host.querySelector(`[data-ability="${field}"]`) as HTMLElement | null;
const items = (field: string) => [...(row(field)?.querySelectorAll("li") ?? [])].map((li) => li.dataset.node);

// The URL rules, which the settings panel around this waits for.
beforeAll(() => loadUrlRules());

describe("AssistantAbilities", () => {
  it("lists what is connected, each kind in its row, and what is left out with why", () => {
    const store = createStore();
    store.set(nodesAtom, [
      flowNode("assistant-1"),
      flowNode("instruction-2", { label: "tone", content: "Be brief." }),
      flowNode("function-3", { functionName: "get_weather", functionDescription: "weather", parameters: city }),
      flowNode("apidefinition-4"),
      flowNode("request-5", { label: "orders", endpoint: "/orders/{{id}}", apiDefinitionId: 4 }),
      flowNode("request-6", { label: "lonely" }),
      flowNode("googledoc-7", { label: "handbook" }),
      flowNode("iframe-8", { label: "site" }),
    ]);
    store.set(edgesAtom, [
      savedEdge("instruction", "assistant-1", "instruction-2", 1),
      savedEdge("function", "function-3", "assistant-1", 2),
      savedEdge("webhook", "request-5", "assistant-1", 3),
      savedEdge("webhook", "request-6", "assistant-1", 4),
      savedEdge("knowledge", "googledoc-7", "assistant-1", 5),
      savedEdge("iframe", "assistant-1", "iframe-8", 6),
    ]);
    render(store);

    expect(host.textContent).toContain(words.title);
    expect(items("instructions")).toEqual(["instruction-2"]);
    expect(items("tools")).toEqual(["file_search", "get_weather", "orders"]);
    const kinds = [...row("tools")!.querySelectorAll("[data-tool-kind]")].map((el) => el.getAttribute("data-tool-kind"));
    expect(kinds).toEqual(["knowledge", "function", "request"]);
    expect(row("tools")!.textContent).toContain(words.toolKinds.knowledge);
    expect(row("tools")!.textContent).toContain(words.toolKinds.request);
    expect(row("tools")!.textContent).toContain("get_weather");
    expect(items("knowledge")).toEqual(["googledoc-7"]);
    expect(items("channels")).toEqual(["iframe-8"]);
    expect(items("skipped")).toEqual(["request-6"]);
    expect(row("skipped")!.textContent).toContain(words.skipReasons.request_without_api_definition);
  });

  it("says none where nothing is connected, and shows no skipped row", () => {
    const store = createStore();
    store.set(nodesAtom, [flowNode("assistant-1")]);
    render(store);
    for (const field of ["instructions", "tools", "knowledge", "channels"]) {
      expect(row(field)?.querySelector("dd")?.textContent).toBe(words.none);
    }
    expect(row("skipped")).toBeNull();
  });
});
