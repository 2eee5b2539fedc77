// The canvas's keyboard shortcuts as the "?" sheet lists them: the keys (as
// printed on a keyboard) and what each does (from the catalogue).
import { fa } from "../i18n/fa";

type Action = keyof typeof fa.editing.shortcuts.actions;

export type Shortcut = { keys: string[][]; action: Action };

/** Each shortcut: one or more key combinations (each a list of keys pressed together). */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: [["Ctrl", "Z"]], action: "undo" },
  { keys: [["Ctrl", "Shift", "Z"], ["Ctrl", "Y"]], action: "redo" },
  { keys: [["Ctrl", "C"]], action: "copy" },
  { keys: [["Ctrl", "V"]], action: "paste" },
  { keys: [["Ctrl", "D"]], action: "duplicate" },
  { keys: [["Enter"]], action: "open" },
  { keys: [["Escape"]], action: "close" },
  { keys: [["←"], ["↑"], ["→"], ["↓"]], action: "nudge" },
  { keys: [["Delete"], ["Backspace"]], action: "delete" },
  { keys: [["Tab"]], action: "focus" },
  { keys: [["?"]], action: "help" },
];
