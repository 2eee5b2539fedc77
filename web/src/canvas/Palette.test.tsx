// @vitest-environment happy-dom
import { act } from "react";
import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { fa } from "../i18n/fa";
import { loadLazyRules } from "./lazyRules";
import { Palette } from "./Palette";
import { mount, typeInto, type Mounted } from "./panels/panelTesting";

describe("the palette's search box", () => {
  let view: Mounted;
  afterEach(() => view.unmount());

  const kinds = () => [...view.host.querySelectorAll("button[data-kind]")].map((b) => b.getAttribute("data-kind"));

  it("lists every kind at once, says it is searching until the normaliser is here, then narrows the list", async () => {
    view = await mount(createStore(), <Palette onAdd={() => {}} />);
    expect(kinds()).toHaveLength(19);

    // «پیامک» typed with Arabic yeh and kaf: only core's normaliser (the lazy rules) can tell.
    typeInto(view.host.querySelector("input")!, "پيامك");
    expect(kinds()).toEqual([]);
    expect(view.host.textContent).toContain(fa.palette.searching);
    expect(view.host.textContent).not.toContain(fa.palette.noMatch);

    await act(() => loadLazyRules());
    expect(kinds()).toEqual(["sms"]);
    expect(view.host.textContent).not.toContain(fa.palette.searching);

    typeInto(view.host.querySelector("input")!, "");
    expect(kinds()).toHaveLength(19);
  });
});
