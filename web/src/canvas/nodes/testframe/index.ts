// The testframe kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { TestFrameNode } from "./TestFrameNode";
import { TestFramePanel } from "./TestFramePanel";

export const testframeKind: KindEntry<"testframe"> = {
  Card: TestFrameNode,
  Panel: TestFramePanel,
  appearance: APPEARANCE.testframe,
  words: fa.nodes.testframe,
};
