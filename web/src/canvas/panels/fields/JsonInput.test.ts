// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { JsonInput, parse } from "./JsonInput";

describe("parse", () => {
  it("reads blank as null, JSON as its value, anything else as not ok", () => {
    expect(parse("  ")).toEqual({ ok: true, value: null });
    expect(parse('{"a": [1]}')).toEqual({ ok: true, value: { a: [1] } });
    expect(parse("{broken")).toEqual({ ok: false });
  });
});

describe("JsonInput", () => {
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

  const render = (value: unknown, onChange: (v: unknown) => void) =>
    act(() => root.render(createElement(JsonInput, { label: "body", name: "body", value, onChange, invalidText: "not json" })));
  const box = () => host.querySelector<HTMLTextAreaElement>('textarea[name="body"]')!;
  function type(text: string) {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
    act(() => {
      setter.call(box(), text);
      box().dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  it("shows null as an empty box and survives a new value while it is empty", () => {
    const onChange = vi.fn();
    render(null, onChange);
    expect(box().value).toBe("");
    render({ a: 1 }, onChange);
    expect(box().value).toBe('{\n  "a": 1\n}');
  });

  it("hands back parsed JSON, null for an emptied box, and nothing while the text is broken", () => {
    const onChange = vi.fn();
    render({ a: 1 }, onChange);
    type("{broken");
    expect(onChange).not.toHaveBeenCalled();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe("not json");
    type('{"b": 2}');
    expect(onChange).toHaveBeenLastCalledWith({ b: 2 });
    type("");
    expect(onChange).toHaveBeenLastCalledWith(null);
    // The value becoming null while the box is empty must not throw.
    render(null, onChange);
    expect(box().value).toBe("");
  });

  it("keeps the text as typed while it means the value", () => {
    render({ b: 2 }, () => {});
    type('{"b":2}');
    render({ b: 2 }, () => {});
    expect(box().value).toBe('{"b":2}');
  });
});
