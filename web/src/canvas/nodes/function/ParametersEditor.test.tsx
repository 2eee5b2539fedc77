// @vitest-environment happy-dom
import { act, useEffect, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { fa } from "../../../i18n/fa";
import { ParametersEditor } from "./ParametersEditor";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const words = fa.nodes.function;

let root: Root;
let host: HTMLElement;
/** The value as the form holds it, and a way to change it from outside. */
let current: unknown;
let setFromOutside: (value: unknown) => void;

function Harness({ initial }: { initial: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  useEffect(() => {
    current = value;
    setFromOutside = setValue;
  }, [value]);
  return <ParametersEditor value={value} onChange={setValue} />;
}

function render(initial: unknown) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root.render(<Harness initial={initial} />));
}

function type(selector: string, text: string) {
  const el = host.querySelector(selector) as HTMLInputElement | HTMLTextAreaElement;
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, text);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

function pick(selector: string, value: string) {
  const el = host.querySelector(selector) as HTMLSelectElement;
  act(() => {
    el.value = value;
    el.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

function button(text: string): HTMLButtonElement {
  const found = [...host.querySelectorAll("button")].find((b) => b.textContent === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

function rows(): number {
  return host.querySelectorAll('[data-testid="parameter-row"]').length;
}

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe("ParametersEditor", () => {
  it("writes the rows as an object schema", () => {
    render({ type: "object", properties: {}, required: [] });
    act(() => button(words.addParameter).click());
    expect(rows()).toBe(1);
    type('input[name="parameters.0.name"]', "city");
    type('input[name="parameters.0.description"]', "City name");
    act(() => (host.querySelector('input[name="parameters.0.required"]') as HTMLInputElement).click());
    act(() => button(words.addParameter).click());
    type('input[name="parameters.1.name"]', "days");
    pick('select[name="parameters.1.type"]', "integer");
    expect(current).toEqual({
      type: "object",
      properties: { city: { type: "string", description: "City name" }, days: { type: "integer" } },
      required: ["city"],
    });
    // The JSON view shows the same schema.
    const json = host.querySelector('textarea[name="parameters"]') as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual(current);
  });

  it("keeps a row being written, and flags it, while the schema leaves it out", () => {
    render({ type: "object", properties: { a: { type: "string" } }, required: [] });
    act(() => button(words.addParameter).click());
    expect(rows()).toBe(2);
    expect(host.textContent).toContain(words.nameRequired);
    type('input[name="parameters.1.name"]', "a");
    expect(host.textContent).toContain(words.nameDuplicate);
  });

  it("reads the schema again when the JSON changes it", () => {
    render({ type: "object", properties: { a: { type: "string" } }, required: [] });
    type('textarea[name="parameters"]', JSON.stringify({ type: "object", properties: { b: { type: "boolean" }, c: { type: "number" } }, required: ["c"] }));
    expect(rows()).toBe(2);
    expect((host.querySelector('input[name="parameters.0.name"]') as HTMLInputElement).value).toBe("b");
    expect((host.querySelector('select[name="parameters.0.type"]') as HTMLSelectElement).value).toBe("boolean");
    expect((host.querySelector('input[name="parameters.1.required"]') as HTMLInputElement).checked).toBe(true);
  });

  it("does not rebuild the rows when only the key order changes (the server sorts keys)", () => {
    render({ type: "object", properties: { z: { type: "string" } }, required: [] });
    act(() => button(words.addParameter).click());
    act(() => setFromOutside({ properties: { z: { type: "string" } }, required: [], type: "object" }));
    // The unnamed row is still there.
    expect(rows()).toBe(2);
  });

  it("keeps a type the list does not offer, and leaves schemas it cannot show to the JSON", () => {
    render({ type: "object", properties: { tags: { type: "array", items: { type: "string" } } }, required: [] });
    const select = host.querySelector('select[name="parameters.0.type"]') as HTMLSelectElement;
    expect(select.value).toBe("array");
    type('input[name="parameters.0.description"]', "Tags");
    expect(current).toEqual({
      type: "object",
      properties: { tags: { type: "array", items: { type: "string" }, description: "Tags" } },
      required: [],
    });

    act(() => setFromOutside({ type: "object", properties: { x: { anyOf: [{ type: "string" }] } } }));
    expect(rows()).toBe(0);
    expect(host.textContent).toContain(words.advancedOnly);
    expect((host.querySelector("details") as HTMLDetailsElement).open).toBe(true);
  });
});
