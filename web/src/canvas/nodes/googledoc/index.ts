// The googledoc kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { GoogleDocNode } from "./GoogleDocNode";
import { GoogleDocPanel } from "./GoogleDocPanel";

export const googledocKind: KindEntry<"googledoc"> = {
  Card: GoogleDocNode,
  Panel: GoogleDocPanel,
  appearance: APPEARANCE.googledoc,
  words: fa.nodes.googledoc,
};
