// @vitest-environment happy-dom
// The canvas's keyboard (issue #16): which key asks for what (by physical
// key, so a Persian layout works), nothing while typing or while a dialog has
// the keys, Enter and Escape for the panel, "?" for the sheet, and arrow
// presses nudging the selection and saved as one undoable move.
import { createStore, Provider } from "jotai";
import { act, useRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveNodePosition } from "../api/nodes";
import { nodesAtom, projectIdAtom, selectedNodeIdAtom } from "../state/canvas";
import { nextUndoAtom } from "../state/canvas/history";
import { shortcutsOpenAtom } from "../state/canvas/shortcutsSheet";
import { flowNode, nodeView, PROJECT_ID, isolateEachTest, flush } from "../state/canvas/testFixtures";
import { commandOf, isTyping, NUDGE_SETTLE_MS, NUDGE_STEP, NUDGE_STEP_LONG, useShortcuts } from "./useShortcuts";

vi.mock("../api/nodes");
vi.mock("../api/edges");
vi.mock("../api/containers");
vi.mock("../api/disconnect");

const press = (key: string, code = "", mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>> = {}) => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe("which key asks for what", () => {
  it("reads letters by their physical key, so a Persian layout works too", () => {
    expect(commandOf(press("z", "KeyZ", { ctrlKey: true }))).toEqual({ do: "undo" });
    // «ظ» is where Z is on a Persian keyboard.
    expect(commandOf(press("ظ", "KeyZ", { ctrlKey: true }))).toEqual({ do: "undo" });
    expect(commandOf(press("Z", "KeyZ", { ctrlKey: true, shiftKey: true }))).toEqual({ do: "redo" });
    expect(commandOf(press("y", "KeyY", { metaKey: true }))).toEqual({ do: "redo" });
    expect(commandOf(press("c", "KeyC", { ctrlKey: true }))).toEqual({ do: "copy" });
    expect(commandOf(press("v", "KeyV", { ctrlKey: true }))).toEqual({ do: "paste" });
    expect(commandOf(press("d", "KeyD", { ctrlKey: true }))).toEqual({ do: "duplicate" });
    expect(commandOf(press("z", "KeyZ"))).toBeNull();
    expect(commandOf(press("z", "KeyZ", { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it("knows Enter, Escape, the question mark in either script, and the arrows with and without Shift", () => {
    expect(commandOf(press("Enter"))).toEqual({ do: "open" });
    expect(commandOf(press("Escape"))).toEqual({ do: "close" });
    expect(commandOf(press("?", "Slash", { shiftKey: true }))).toEqual({ do: "help" });
    expect(commandOf(press("؟", "Slash", { shiftKey: true }))).toEqual({ do: "help" });
    expect(commandOf(press("ArrowLeft"))).toEqual({ do: "nudge", by: { x: -NUDGE_STEP, y: 0 } });
    expect(commandOf(press("ArrowDown", "", { shiftKey: true }))).toEqual({ do: "nudge", by: { x: 0, y: NUDGE_STEP_LONG } });
    expect(commandOf(press("a", "KeyA"))).toBeNull();
  });

  it("treats inputs, text areas, selects and rich text as typing", () => {
    const editable = document.createElement("div");
    editable.contentEditable = "true";
    document.body.append(editable);
    expect(isTyping(document.createElement("input"))).toBe(true);
    expect(isTyping(document.createElement("textarea"))).toBe(true);
    expect(isTyping(document.createElement("select"))).toBe(true);
    expect(isTyping(editable)).toBe(true);
    expect(isTyping(document.createElement("button"))).toBe(false);
    expect(isTyping(document.body)).toBe(false);
    editable.remove();
  });
});

function Harness() {
  const paneRef = useRef<HTMLDivElement>(null);
  useShortcuts({ paneRef, pasteAt: () => ({ x: 0, y: 0 }) });
  return <div ref={paneRef} data-testid="pane" />;
}

let root: Root | null = null;
let store: ReturnType<typeof createStore>;
let host: HTMLDivElement | undefined;

function mount(...nodes: ReturnType<typeof flowNode>[]) {
  store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host!);
  act(() =>
    root!.render(
      <Provider store={store}>
        <Harness />
      </Provider>,
    ),
  );
}

function key(init: KeyboardEventInit, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init });
  act(() => void target.dispatchEvent(event));
  return event;
}

isolateEachTest();

beforeEach(() => {
  vi.mocked(saveNodePosition).mockImplementation(async (kind, id, at) => nodeView(`${kind}-${id}`, {}, { position: at }));
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
  document.body.replaceChildren();
});

describe("the keys on the canvas", () => {
  it("Enter opens the selected node's settings and Escape closes them", () => {
    mount({ ...flowNode("assistant-1"), selected: true });
    key({ key: "Enter" });
    expect(store.get(selectedNodeIdAtom)).toBe("assistant-1");
    key({ key: "Escape" });
    expect(store.get(selectedNodeIdAtom)).toBeNull();
  });

  it("? opens the shortcuts sheet", () => {
    mount();
    key({ key: "?", code: "Slash", shiftKey: true });
    expect(store.get(shortcutsOpenAtom)).toBe(true);
  });

  it("does nothing while a person types", () => {
    mount({ ...flowNode("assistant-1"), selected: true });
    const input = document.createElement("input");
    document.body.append(input);
    key({ key: "Enter" }, input);
    key({ key: "?", shiftKey: true }, input);
    const arrow = key({ key: "ArrowRight" }, input);
    expect(store.get(selectedNodeIdAtom)).toBeNull();
    expect(store.get(shortcutsOpenAtom)).toBe(false);
    expect(arrow.defaultPrevented).toBe(false);
    expect(store.get(nodesAtom)[0]!.position).toEqual({ x: 0, y: 0 });
  });

  it("leaves the keys to an open dialog", () => {
    mount({ ...flowNode("assistant-1"), selected: true });
    const dialog = document.createElement("div");
    dialog.setAttribute("aria-modal", "true");
    document.body.append(dialog);
    key({ key: "Enter" });
    expect(store.get(selectedNodeIdAtom)).toBeNull();
  });

  it("nudges the selection with the arrows and saves the burst as one move, undoable", async () => {
    mount(
      { ...flowNode("function-7", {}, { position: { x: 100, y: 100 } }), selected: true },
      flowNode("assistant-1", {}, { position: { x: 500, y: 100 } }),
    );
    const first = key({ key: "ArrowRight" });
    key({ key: "ArrowRight" });
    key({ key: "ArrowUp", shiftKey: true });
    // Taken before React Flow, which would move the node without saving it.
    expect(first.defaultPrevented).toBe(true);
    expect(store.get(nodesAtom).map((n) => n.position)).toEqual([
      { x: 100 + 2 * NUDGE_STEP, y: 100 - NUDGE_STEP_LONG },
      { x: 500, y: 100 },
    ]);
    expect(saveNodePosition).not.toHaveBeenCalled();

    await act(async () => {
      vi.advanceTimersByTime(NUDGE_SETTLE_MS);
      await flush();
    });
    expect(saveNodePosition).toHaveBeenCalledTimes(1);
    expect(saveNodePosition).toHaveBeenCalledWith("function", 7, { x: 120, y: 50 });
    expect(store.get(nextUndoAtom)?.ops).toEqual([{ do: "place", moves: [{ id: "function-7", to: { position: { x: 100, y: 100 } } }] }]);
  });

  it("Ctrl+C copies the selection (wherever the focus is, typing aside), by the physical key", async () => {
    localStorage.clear();
    mount({ ...flowNode("filedb-3", { label: "اسناد" }), selected: true });
    const button = document.createElement("button");
    document.body.append(button);
    button.focus();
    const copy = key({ key: "ر", code: "KeyC", ctrlKey: true }, button);
    expect(copy.defaultPrevented).toBe(true);
    await act(async () => flush());
    expect(JSON.parse(localStorage.getItem("dastyar.clipboard")!)).toMatchObject({
      format: "dastyar.project",
      nodes: [{ id: "filedb-3", kind: "filedb", label: "اسناد" }],
    });
    // Typing in a field, Ctrl+C is the field's.
    const input = document.createElement("input");
    document.body.append(input);
    expect(key({ key: "c", code: "KeyC", ctrlKey: true }, input).defaultPrevented).toBe(false);
  });

  it("lets arrows alone when nothing is selected", () => {
    mount(flowNode("function-7"));
    expect(key({ key: "ArrowRight" }).defaultPrevented).toBe(false);
  });
});
