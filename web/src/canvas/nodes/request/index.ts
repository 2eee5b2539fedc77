// The request kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { RequestNode } from "./RequestNode";
import { RequestPanel } from "./RequestPanel";

export const requestKind: KindEntry<"request"> = {
  Card: RequestNode,
  Panel: RequestPanel,
  appearance: APPEARANCE.request,
  words: fa.nodes.request,
};
