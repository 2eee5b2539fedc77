// What each kind's folder exports from its index.ts, and the registry
// (registry.ts) holds for every kind: its card, its settings panel, how it
// looks and its words.
import type { NodeKind } from "@dastyar/rules";
import type { Node, NodeProps } from "@xyflow/react";
import type { ComponentType } from "react";
import type { fa } from "../../i18n/fa";
import type { FlowNodeOf } from "../model";
import type { PanelProps } from "../panels/types";
import type { Appearance } from "./appearance";

export type KindEntry<K extends NodeKind> = {
  /** The card React Flow draws for a node of this kind. */
  Card: ComponentType<NodeProps<FlowNodeOf<K> & Node>>;
  /** The kind's own fields in the settings panel. */
  Panel: ComponentType<PanelProps<K>>;
  /** Its glyph and accent colour. */
  appearance: Appearance;
  /** Its words in the catalogue (`fa.nodes.<kind>`). */
  words: (typeof fa.nodes)[K];
};
