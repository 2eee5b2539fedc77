// The wordpress kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { WordpressNode } from "./WordpressNode";
import { WordpressPanel } from "./WordpressPanel";

export const wordpressKind: KindEntry<"wordpress"> = {
  Card: WordpressNode,
  Panel: WordpressPanel,
  appearance: APPEARANCE.wordpress,
  words: fa.nodes.wordpress,
};
