// The assistant node's settings: model, instructions, its standing with the
// provider and its connections, and what it can do with what is connected.
import { defaultNodeData, type AssistantData } from "@dastyar/rules";
import { fa } from "../../../i18n/fa";
import type { PanelProps } from "../../panels/types";
import { AssistantAbilities } from "./AssistantAbilities";
import { AssistantFields } from "./AssistantFields";

/** The spec's default model for a new assistant, as the rules give it. */
const DEFAULT_MODEL = (defaultNodeData("assistant").data as AssistantData).model;

export function AssistantPanel({ form }: PanelProps<"assistant">) {
  return (
    <>
      <AssistantFields form={form} words={fa.nodes.assistant} defaultModel={DEFAULT_MODEL} />
      <AssistantAbilities nodeId={form.nodeId} />
    </>
  );
}
