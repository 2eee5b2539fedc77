// The analyzer node's settings: the same shape as an assistant's, with the
// analysis instructions.
import { defaultNodeData, type AssistantData } from "@dastyar/rules";
import { fa } from "../../../i18n/fa";
import type { PanelProps } from "../../panels/types";
import { AssistantFields } from "../assistant/AssistantFields";

/** The spec's default model for a new analyzer, as the rules give it. */
const DEFAULT_MODEL = (defaultNodeData("analyzer").data as AssistantData).model;

export function AnalyzerPanel({ form }: PanelProps<"analyzer">) {
  return <AssistantFields form={form} words={fa.nodes.analyzer} defaultModel={DEFAULT_MODEL} />;
}
