// @vitest-environment happy-dom
// Unsaved edits are never dropped silently: choosing another node (or
// closing) with edits asks first; "discard" moves on with the node as it
// was, "save" saves (and says so) then moves on, "stay" keeps the edits.
import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { json } from "../../api/fakeFetch";
import { fa } from "../../i18n/fa";
import {
  heldSelectionAtom,
  nodesAtom,
  panelDirtyAtom,
  projectIdAtom,
  selectedNodeIdAtom,
  skipDeleteConfirmationAtom,
} from "../../state/canvas";
import { notificationsAtom } from "../../state/notifications";
import { flowNode, nodeView, PROJECT_ID } from "../../state/canvas/testFixtures";
import { click, mount, routedFetch, settle, typeInto, type Mounted } from "./panelTesting";
import { SettingsPanel } from "./SettingsPanel";

let view: Mounted | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
});

async function twoNotes() {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, [flowNode("instruction-1", { label: "لحن" }), flowNode("instruction-2", { label: "قانون" })]);
  store.set(selectedNodeIdAtom, "instruction-1");
  view = await mount(store, <SettingsPanel />);
  return { store, host: view.host };
}

const panelLabel = (host: HTMLElement) => host.querySelector<HTMLInputElement>('input[name="label"]')!;
const prompt = () => document.querySelector('[data-testid="unsaved-prompt"]');
/** A button of the unsaved-edits question (the panel's own Save has the same word). */
const button = (text: string) =>
  [...(prompt()?.querySelectorAll("button") ?? [])].find((b) => b.textContent === text) ?? null;

describe("SettingsPanel with unsaved edits", () => {
  it("moves without asking when nothing was edited", async () => {
    const { store, host } = await twoNotes();
    store.set(selectedNodeIdAtom, "instruction-2");
    await settle();
    expect(prompt()).toBeNull();
    expect(panelLabel(host).value).toBe("قانون");
  });

  it("asks before another node is chosen; discard moves on and keeps the node as it was", async () => {
    const { store, host } = await twoNotes();
    typeInto(panelLabel(host), "لحن تازه");
    expect(store.get(panelDirtyAtom)).toBe(true);

    store.set(selectedNodeIdAtom, "instruction-2");
    await settle();
    expect(prompt()?.textContent).toContain(fa.canvas.unsaved.text("لحن"));
    // Still showing the edited node, edits intact.
    expect(store.get(selectedNodeIdAtom)).toBe("instruction-1");
    expect(panelLabel(host).value).toBe("لحن تازه");

    click(button(fa.canvas.unsaved.discard));
    await settle();
    expect(prompt()).toBeNull();
    expect(store.get(selectedNodeIdAtom)).toBe("instruction-2");
    expect(panelLabel(host).value).toBe("قانون");
    expect(store.get(nodesAtom)[0]!.data.label).toBe("لحن");
  });

  it("stay keeps the panel and its edits", async () => {
    const { store, host } = await twoNotes();
    typeInto(panelLabel(host), "لحن تازه");
    store.set(selectedNodeIdAtom, null);
    await settle();
    click(button(fa.canvas.unsaved.stay));
    await settle();
    expect(prompt()).toBeNull();
    expect(store.get(heldSelectionAtom)).toBeNull();
    expect(store.get(selectedNodeIdAtom)).toBe("instruction-1");
    expect(panelLabel(host).value).toBe("لحن تازه");
  });

  it("save saves, says «تنظیمات ذخیره شد» and then closes", async () => {
    const calls = routedFetch((call) =>
      call.method === "PATCH" && call.url.endsWith("/1") ? json(200, nodeView("instruction-1", { label: "لحن تازه" })) : undefined,
    );
    const { store, host } = await twoNotes();
    typeInto(panelLabel(host), "لحن تازه");
    click(host.querySelector(`button[aria-label="${fa.canvas.panel.close}"]`));
    await settle();
    expect(prompt()).not.toBeNull();

    click(button(fa.canvas.unsaved.save));
    await settle();
    await settle();
    expect(calls.map((c) => c.method)).toEqual(["PATCH"]);
    expect(calls[0]!.body).toMatchObject({ name: "لحن تازه" });
    expect(store.get(nodesAtom)[0]!.data.label).toBe("لحن تازه");
    expect(store.get(notificationsAtom).map((n) => n.text)).toContain(fa.canvas.panel.saved);
    expect(fa.canvas.panel.saved).toContain("تنظیمات ذخیره شد");
    expect(store.get(selectedNodeIdAtom)).toBeNull();
    expect(host.querySelector('[data-testid="settings-panel"]')).toBeNull();
    expect(store.get(panelDirtyAtom)).toBe(false);
  });

  it("a node deleted under its panel asks nothing", async () => {
    const { store } = await twoNotes();
    store.set(skipDeleteConfirmationAtom, true);
    typeInto(panelLabel(view!.host), "لحن تازه");
    store.set(nodesAtom, store.get(nodesAtom).slice(1));
    store.set(selectedNodeIdAtom, null);
    await settle();
    expect(prompt()).toBeNull();
    expect(store.get(selectedNodeIdAtom)).toBeNull();
  });
});
