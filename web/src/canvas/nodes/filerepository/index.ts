// The filerepository kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { FileRepositoryNode } from "./FileRepositoryNode";
import { FileRepositoryPanel } from "./FileRepositoryPanel";

export const filerepositoryKind: KindEntry<"filerepository"> = {
  Card: FileRepositoryNode,
  Panel: FileRepositoryPanel,
  appearance: APPEARANCE.filerepository,
  words: fa.nodes.filerepository,
};
