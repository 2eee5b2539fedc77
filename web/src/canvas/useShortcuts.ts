// The canvas's keyboard (issue #16): undo and redo, copy, paste and
// duplicate, Enter to open the selected node's settings, Escape to close
// them, the arrow keys to nudge the selection (saved as one move when the
// keys rest), "?" for the list of shortcuts. Delete stays React Flow's
// (deleteKeyCode), which goes through the canvas's delete path.
//
// One listener on the window, in the capture phase: the arrows must reach it
// before React Flow's own node handler, which would move nodes without
// saving them. Nothing fires while a person types (an input, a text area, a
// rich text field) or while a dialog or menu has the keys. Letters are read
// by their physical key (event.code), so the shortcuts work on a Persian
// keyboard layout too.
import type { Position } from "@dastyar/rules";
import { useStore } from "jotai";
import { useEffect, useRef, type RefObject } from "react";
import { finishDragAtom, nodesAtom, redoAtom, selectedNodeIdAtom, undoAtom, type Placement } from "../state/canvas";
import { copyAtom, duplicateAtom, pasteAtom } from "../state/canvas/clipboard";
import { mapNode } from "../state/canvas/graph";
import { shortcutsOpenAtom } from "../state/canvas/shortcutsSheet";

/** What a key press asks for. */
export type Command =
  | { do: "undo" | "redo" | "copy" | "paste" | "duplicate" | "open" | "close" | "help" }
  | { do: "nudge"; by: Position };

export type KeyPress = Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">;

/** How far an arrow key moves the selection, and with Shift. */
export const NUDGE_STEP = 10;
export const NUDGE_STEP_LONG = 50;

/** How long the arrow keys rest before the nudged positions are saved, as one move. */
export const NUDGE_SETTLE_MS = 500;

const ARROWS: Record<string, Position> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The command a key press asks for, or null for a key the canvas leaves alone. */
export function commandOf(press: KeyPress): Command | null {
  const mod = press.ctrlKey || press.metaKey;
  if (mod && !press.altKey) {
    if (press.code === "KeyZ") return { do: press.shiftKey ? "redo" : "undo" };
    if (press.code === "KeyY" && !press.shiftKey) return { do: "redo" };
    if (press.code === "KeyC" && !press.shiftKey) return { do: "copy" };
    if (press.code === "KeyV" && !press.shiftKey) return { do: "paste" };
    if (press.code === "KeyD" && !press.shiftKey) return { do: "duplicate" };
    return null;
  }
  if (mod || press.altKey) return null;
  // "?" is Shift+/ on an English layout, "؟" on a Persian one.
  if (press.key === "?" || press.key === "\u061F") return { do: "help" };
  if (press.key === "Enter") return { do: "open" };
  if (press.key === "Escape") return { do: "close" };
  const arrow = ARROWS[press.key];
  if (arrow) {
    const step = press.shiftKey ? NUDGE_STEP_LONG : NUDGE_STEP;
    return { do: "nudge", by: { x: arrow.x * step, y: arrow.y * step } };
  }
  return null;
}

/** Whether keys typed at `target` are text being written. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** Whether a dialog or a menu is open: it has the keys (its own Escape among them). */
function somethingElseHasTheKeys(): boolean {
  return document.querySelector('[aria-modal="true"], [role="menu"]') !== null;
}

type Options = {
  paneRef: RefObject<HTMLElement | null>;
  /** Where a paste goes: the pointer on the canvas, or the middle of the view. */
  pasteAt: () => Position | undefined;
};

export function useShortcuts({ paneRef, pasteAt }: Options): void {
  const store = useStore();
  // A burst of arrow presses: where each node began, and the timer that saves them.
  const nudging = useRef<{ starts: Map<string, Placement>; timer?: ReturnType<typeof setTimeout> } | null>(null);

  useEffect(() => {
    const selectedIds = () => {
      const nodes = store.get(nodesAtom);
      const chosen = new Set(nodes.filter((n) => n.selected).map((n) => n.id));
      // A child moves with its selected container.
      return nodes.filter((n) => chosen.has(n.id) && !(n.parentId && chosen.has(n.parentId))).map((n) => n.id);
    };
    // Enter and the arrows are the canvas's only with focus on the page itself or inside the flow
    // (a button takes Enter, a list the arrows); the Ctrl shortcuts work wherever no one is typing.
    const onCanvas = () => {
      const active = document.activeElement;
      return active === null || active === document.body || (paneRef.current?.contains(active) ?? false);
    };

    const nudge = (by: Position): boolean => {
      const ids = selectedIds();
      if (ids.length === 0) return false;
      const burst = nudging.current ?? { starts: new Map<string, Placement>() };
      clearTimeout(burst.timer);
      let nodes = store.get(nodesAtom);
      for (const id of ids) {
        const node = nodes.find((n) => n.id === id)!;
        if (!burst.starts.has(id)) burst.starts.set(id, { position: node.position, parentId: node.parentId });
        nodes = mapNode(nodes, id, (n) => ({ ...n, position: { x: n.position.x + by.x, y: n.position.y + by.y } }));
      }
      store.set(nodesAtom, nodes);
      burst.timer = setTimeout(() => {
        nudging.current = null;
        void store.set(finishDragAtom, [...burst.starts.keys()], burst.starts);
      }, NUDGE_SETTLE_MS);
      nudging.current = burst;
      return true;
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target) || somethingElseHasTheKeys()) return;
      const command = commandOf(event);
      if (!command) return;
      switch (command.do) {
        case "undo":
          event.preventDefault();
          void store.set(undoAtom);
          return;
        case "redo":
          event.preventDefault();
          void store.set(redoAtom);
          return;
        case "help":
          event.preventDefault();
          store.set(shortcutsOpenAtom, true);
          return;
        case "close":
          if (store.get(selectedNodeIdAtom) !== null) store.set(selectedNodeIdAtom, null);
          return;
        case "copy": {
          // Text chosen on the page is the browser's to copy.
          if ((window.getSelection()?.toString() ?? "") !== "") return;
          const ids = selectedIds();
          if (ids.length === 0) return;
          event.preventDefault();
          void store.set(copyAtom, ids);
          return;
        }
        case "paste": {
          const at = pasteAt();
          if (!at) return;
          event.preventDefault();
          void store.set(pasteAtom, at);
          return;
        }
        case "duplicate": {
          event.preventDefault();
          const ids = selectedIds();
          if (ids.length > 0) void store.set(duplicateAtom, ids);
          return;
        }
        case "open": {
          if (!onCanvas()) return;
          const focused = document.activeElement?.closest(".react-flow__node")?.getAttribute("data-id");
          const ids = selectedIds();
          const id = focused ?? (ids.length === 1 ? ids[0] : null);
          if (id) store.set(selectedNodeIdAtom, id);
          return;
        }
        case "nudge":
          if (!onCanvas()) return;
          if (nudge(command.by)) {
            // Before React Flow's own arrow handling, which would move without saving.
            event.preventDefault();
            event.stopPropagation();
          }
          return;
      }
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [store, paneRef, pasteAt]);

  // Leaving the canvas mid-burst still saves the nudge.
  useEffect(
    () => () => {
      const burst = nudging.current;
      if (!burst) return;
      clearTimeout(burst.timer);
      nudging.current = null;
      void store.set(finishDragAtom, [...burst.starts.keys()], burst.starts);
    },
    [store],
  );
}
