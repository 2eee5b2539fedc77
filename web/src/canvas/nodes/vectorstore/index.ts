// The vectorstore kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { VectorStoreNode } from "./VectorStoreNode";
import { VectorStorePanel } from "./VectorStorePanel";

export const vectorstoreKind: KindEntry<"vectorstore"> = {
  Card: VectorStoreNode,
  Panel: VectorStorePanel,
  appearance: APPEARANCE.vectorstore,
  words: fa.nodes.vectorstore,
};
