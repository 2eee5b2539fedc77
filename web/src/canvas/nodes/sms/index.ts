// The sms kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { SmsNode } from "./SmsNode";
import { SmsPanel } from "./SmsPanel";

export const smsKind: KindEntry<"sms"> = {
  Card: SmsNode,
  Panel: SmsPanel,
  appearance: APPEARANCE.sms,
  words: fa.nodes.sms,
};
