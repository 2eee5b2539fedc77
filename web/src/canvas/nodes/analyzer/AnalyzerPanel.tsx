// The analyzer node's settings: the same shape as an assistant's, with the
// analysis instructions, then its reports (what it reads, where reports go,
// the daily schedule, "report now" and the past reports).
import { defaultNodeData, type AssistantData } from "@dastyar/rules";
import { fa } from "../../../i18n/fa";
import type { PanelProps } from "../../panels/types";
import { AssistantFields } from "../assistant/AssistantFields";
import { AnalyzerReports } from "./AnalyzerReports";

/** The spec's default model for a new analyzer, as the rules give it. */
const DEFAULT_MODEL = (defaultNodeData("analyzer").data as AssistantData).model;

export function AnalyzerPanel({ form }: PanelProps<"analyzer">) {
  return (
    <>
      <AssistantFields form={form} words={fa.nodes.analyzer} defaultModel={DEFAULT_MODEL} />
      <AnalyzerReports nodeId={form.nodeId} />
    </>
  );
}
