// The filedb kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { FileDbNode } from "./FileDbNode";
import { FileDbPanel } from "./FileDbPanel";

export const filedbKind: KindEntry<"filedb"> = {
  Card: FileDbNode,
  Panel: FileDbPanel,
  appearance: APPEARANCE.filedb,
  words: fa.nodes.filedb,
};
