// The telegram kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { TelegramNode } from "./TelegramNode";
import { TelegramPanel } from "./TelegramPanel";

export const telegramKind: KindEntry<"telegram"> = {
  Card: TelegramNode,
  Panel: TelegramPanel,
  appearance: APPEARANCE.telegram,
  words: fa.nodes.telegram,
};
