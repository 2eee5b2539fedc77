// The analyzer kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { AnalyzerNode } from "./AnalyzerNode";
import { AnalyzerPanel } from "./AnalyzerPanel";

export const analyzerKind: KindEntry<"analyzer"> = {
  Card: AnalyzerNode,
  Panel: AnalyzerPanel,
  appearance: APPEARANCE.analyzer,
  words: fa.nodes.analyzer,
};
