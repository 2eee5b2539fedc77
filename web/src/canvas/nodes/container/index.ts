// The container kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { ContainerNode } from "./ContainerNode";
import { ContainerPanel } from "./ContainerPanel";

export const containerKind: KindEntry<"container"> = {
  Card: ContainerNode,
  Panel: ContainerPanel,
  appearance: APPEARANCE.container,
  words: fa.nodes.container,
};
