// The iframe kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { IframeNode } from "./IframeNode";
import { IframePanel } from "./IframePanel";

export const iframeKind: KindEntry<"iframe"> = {
  Card: IframeNode,
  Panel: IframePanel,
  appearance: APPEARANCE.iframe,
  words: fa.nodes.iframe,
};
