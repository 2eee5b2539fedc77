// The googlesheet kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { GoogleSheetNode } from "./GoogleSheetNode";
import { GoogleSheetPanel } from "./GoogleSheetPanel";

export const googlesheetKind: KindEntry<"googlesheet"> = {
  Card: GoogleSheetNode,
  Panel: GoogleSheetPanel,
  appearance: APPEARANCE.googlesheet,
  words: fa.nodes.googlesheet,
};
