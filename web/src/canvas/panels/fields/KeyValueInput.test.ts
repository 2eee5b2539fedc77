// @vitest-environment happy-dom
import { createElement } from "react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fa } from "../../../i18n/fa";
import { duplicateKeys, KeyValueInput, sameMap, toMap, toRows, type StringMap } from "./KeyValueInput";

describe("key–value rows and the map they mean", () => {
  it("turns a map into rows and back", () => {
    const map = { Accept: "application/json", "X-Trace": "on" };
    expect(toRows(map)).toEqual([
      { key: "Accept", value: "application/json" },
      { key: "X-Trace", value: "on" },
    ]);
    expect(toMap(toRows(map))).toEqual(map);
    expect(toRows(null)).toEqual([]);
  });

  it("trims keys, drops rows without one, and lets a later duplicate win", () => {
    const rows = [
      { key: " page ", value: "1" },
      { key: "", value: "orphan" },
      { key: "   ", value: "blank" },
      { key: "page", value: "2" },
      { key: "q", value: " keeps its spaces " },
    ];
    expect(toMap(rows)).toEqual({ page: "2", q: " keeps its spaces " });
    expect(duplicateKeys(rows)).toEqual(["page"]);
    expect(duplicateKeys([{ key: "a", value: "" }, { key: "b", value: "" }])).toEqual([]);
  });

  it("compares maps by their entries, not their order", () => {
    expect(sameMap({ a: "1", b: "2" }, { b: "2", a: "1" })).toBe(true);
    expect(sameMap({ a: "1" }, { a: "1", b: "2" })).toBe(false);
    expect(sameMap({ a: "1" }, { a: "2" })).toBe(false);
    expect(sameMap({}, null)).toBe(true);
  });
});

describe("KeyValueInput", () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  function render(value: StringMap, onChange: (v: StringMap) => void) {
    act(() =>
      root.render(
        createElement(KeyValueInput, { label: "headers", name: "headers", value, onChange, words: fa.nodes.request.keyValue }),
      ),
    );
  }

  /** Types into an input the way React sees it (the native setter, then an input event). */
  function type(input: HTMLInputElement, text: string) {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    act(() => {
      setter.call(input, text);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  const keys = () => [...host.querySelectorAll<HTMLInputElement>('input[name="headers.key"]')];
  const values = () => [...host.querySelectorAll<HTMLInputElement>('input[name="headers.value"]')];

  it("shows one labelled row per entry", () => {
    render({ Accept: "text/html" }, () => {});
    expect(keys().map((i) => i.value)).toEqual(["Accept"]);
    expect(values().map((i) => i.value)).toEqual(["text/html"]);
    const label = host.querySelector(`label[for="${keys()[0].id}"]`);
    expect(label?.textContent).toContain(fa.nodes.request.keyValue.key);
  });

  it("adds a row that stays while it has no key, then reports the map once it does", () => {
    const onChange = vi.fn();
    render({}, onChange);
    const add = [...host.querySelectorAll("button")].find((b) => b.textContent === fa.nodes.request.keyValue.add)!;
    act(() => add.click());
    expect(keys()).toHaveLength(1);
    type(values()[0], "42");
    // A value without a key means nothing yet: the map is unchanged, the row stays.
    expect(onChange).not.toHaveBeenCalled();
    expect(values()[0].value).toBe("42");
    type(keys()[0], "page");
    expect(onChange).toHaveBeenLastCalledWith({ page: "42" });
  });

  it("removes a row, and says when a key is typed twice", () => {
    const onChange = vi.fn();
    render({ a: "1", b: "2" }, onChange);
    type(keys()[1], "a");
    expect(onChange).toHaveBeenLastCalledWith({ a: "2" });
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(fa.nodes.request.keyValue.duplicate("a"));
    const remove = host.querySelector<HTMLButtonElement>(`button[aria-label="${fa.nodes.request.keyValue.remove("a")}"]`)!;
    act(() => remove.click());
    expect(keys()).toHaveLength(1);
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });

  it("takes a new map from outside unless the rows already mean it", () => {
    render({ a: "1" }, () => {});
    render({ z: "9" }, () => {});
    expect(keys().map((i) => i.value)).toEqual(["z"]);
  });
});
