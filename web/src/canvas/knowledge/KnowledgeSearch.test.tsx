// @vitest-environment happy-dom
import { createStore } from "jotai";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "../../api/fakeFetch";
import { click, mount, routedFetch, settle, typeInto, type Mounted } from "../panels/panelTesting";
import { KnowledgeSearch } from "./KnowledgeSearch";

let view: Mounted;

afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
});

const whole = { name: "notes.txt", node_id: 5, file_id: 1, from: { kind: "whole" }, to: { kind: "whole" }, text: "ساعت کاری", score: 1 };

describe("KnowledgeSearch", () => {
  it("searches on Enter and on its button without submitting the settings panel's form around it", async () => {
    const calls = routedFetch((call) => (call.url === "/api/knowledge/5/search" ? json(200, [whole]) : undefined));
    const saved = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    view = await mount(
      createStore(),
      <form onSubmit={saved}>
        <KnowledgeSearch dbId={5} />
      </form>,
    );
    const input = view.host.querySelector("input")!;
    typeInto(input, "ساعت");
    act(() => {
      input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    });
    await settle();
    click(view.host.querySelector('[data-testid="knowledge-search-submit"]'));
    await settle();
    expect(calls.map((c) => c.body)).toEqual([{ query: "ساعت" }, { query: "ساعت" }]);
    expect(saved).not.toHaveBeenCalled();
    // A whole file is cited by its name alone.
    expect(view.host.querySelector('[data-testid="passage-source"]')?.textContent).toBe("notes.txt");
  });
});
