// The apidefinition kind: its card, settings panel, appearance and words.
import { fa } from "../../../i18n/fa";
import { APPEARANCE } from "../appearance";
import type { KindEntry } from "../kindEntry";
import { ApiDefinitionNode } from "./ApiDefinitionNode";
import { ApiDefinitionPanel } from "./ApiDefinitionPanel";

export const apidefinitionKind: KindEntry<"apidefinition"> = {
  Card: ApiDefinitionNode,
  Panel: ApiDefinitionPanel,
  appearance: APPEARANCE.apidefinition,
  words: fa.nodes.apidefinition,
};
