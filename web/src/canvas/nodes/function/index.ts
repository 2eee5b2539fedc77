// The function kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { FunctionNode } from "./FunctionNode";
import { FunctionPanel } from "./FunctionPanel";

export const functionKind: KindEntry<"function"> = {
  Card: FunctionNode,
  Panel: FunctionPanel,
  appearance: APPEARANCE.function,
  words: fa.nodes.function,
};
