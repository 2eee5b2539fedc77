// The assistant kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { AssistantNode } from "./AssistantNode";
import { AssistantPanel } from "./AssistantPanel";

export const assistantKind: KindEntry<"assistant"> = {
  Card: AssistantNode,
  Panel: AssistantPanel,
  appearance: APPEARANCE.assistant,
  words: fa.nodes.assistant,
};
