// The instruction kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { InstructionNode } from "./InstructionNode";
import { InstructionPanel } from "./InstructionPanel";

export const instructionKind: KindEntry<"instruction"> = {
  Card: InstructionNode,
  Panel: InstructionPanel,
  appearance: APPEARANCE.instruction,
  words: fa.nodes.instruction,
};
