// The trigger kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { TriggerNode } from "./TriggerNode";
import { TriggerPanel } from "./TriggerPanel";

export const triggerKind: KindEntry<"trigger"> = {
  Card: TriggerNode,
  Panel: TriggerPanel,
  appearance: APPEARANCE.trigger,
  words: fa.nodes.trigger,
};
