// The scheduler kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { SchedulerNode } from "./SchedulerNode";
import { SchedulerPanel } from "./SchedulerPanel";

export const schedulerKind: KindEntry<"scheduler"> = {
  Card: SchedulerNode,
  Panel: SchedulerPanel,
  appearance: APPEARANCE.scheduler,
  words: fa.nodes.scheduler,
};
