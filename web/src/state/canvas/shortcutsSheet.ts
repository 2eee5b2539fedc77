// Whether the keyboard shortcuts sheet ("?") is open.
import { atom } from "jotai";

export const shortcutsOpenAtom = atom(false);
