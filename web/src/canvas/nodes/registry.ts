// Each kind's card and settings panel, as React Flow and the panel host look them up.
import type { NodeKind } from "@dastyar/rules";
import type { NodeTypes } from "@xyflow/react";
import type { ComponentType } from "react";
import type { PanelProps } from "../panels/types";
import { AssistantNode } from "./assistant/AssistantNode";
import { AssistantPanel } from "./assistant/AssistantPanel";
import { AnalyzerNode } from "./analyzer/AnalyzerNode";
import { AnalyzerPanel } from "./analyzer/AnalyzerPanel";
import { VectorStoreNode } from "./vectorstore/VectorStoreNode";
import { VectorStorePanel } from "./vectorstore/VectorStorePanel";
import { FileDbNode } from "./filedb/FileDbNode";
import { FileDbPanel } from "./filedb/FileDbPanel";
import { FileRepositoryNode } from "./filerepository/FileRepositoryNode";
import { FileRepositoryPanel } from "./filerepository/FileRepositoryPanel";
import { GoogleDocNode } from "./googledoc/GoogleDocNode";
import { GoogleDocPanel } from "./googledoc/GoogleDocPanel";
import { GoogleSheetNode } from "./googlesheet/GoogleSheetNode";
import { GoogleSheetPanel } from "./googlesheet/GoogleSheetPanel";
import { FunctionNode } from "./function/FunctionNode";
import { FunctionPanel } from "./function/FunctionPanel";
import { TelegramNode } from "./telegram/TelegramNode";
import { TelegramPanel } from "./telegram/TelegramPanel";
import { ApiDefinitionNode } from "./apidefinition/ApiDefinitionNode";
import { ApiDefinitionPanel } from "./apidefinition/ApiDefinitionPanel";
import { RequestNode } from "./request/RequestNode";
import { RequestPanel } from "./request/RequestPanel";
import { SchedulerNode } from "./scheduler/SchedulerNode";
import { SchedulerPanel } from "./scheduler/SchedulerPanel";
import { TriggerNode } from "./trigger/TriggerNode";
import { TriggerPanel } from "./trigger/TriggerPanel";
import { SmsNode } from "./sms/SmsNode";
import { SmsPanel } from "./sms/SmsPanel";
import { IframeNode } from "./iframe/IframeNode";
import { IframePanel } from "./iframe/IframePanel";
import { WordpressNode } from "./wordpress/WordpressNode";
import { WordpressPanel } from "./wordpress/WordpressPanel";
import { ContainerNode } from "./container/ContainerNode";
import { ContainerPanel } from "./container/ContainerPanel";
import { TestFrameNode } from "./testframe/TestFrameNode";
import { TestFramePanel } from "./testframe/TestFramePanel";
import { InstructionNode } from "./instruction/InstructionNode";
import { InstructionPanel } from "./instruction/InstructionPanel";

export const nodeTypes: NodeTypes = {
  assistant: AssistantNode,
  analyzer: AnalyzerNode,
  vectorstore: VectorStoreNode,
  filedb: FileDbNode,
  filerepository: FileRepositoryNode,
  googledoc: GoogleDocNode,
  googlesheet: GoogleSheetNode,
  function: FunctionNode,
  telegram: TelegramNode,
  apidefinition: ApiDefinitionNode,
  request: RequestNode,
  scheduler: SchedulerNode,
  trigger: TriggerNode,
  sms: SmsNode,
  iframe: IframeNode,
  wordpress: WordpressNode,
  container: ContainerNode,
  testframe: TestFrameNode,
  instruction: InstructionNode,
};

export const panels: { [K in NodeKind]: ComponentType<PanelProps<K>> } = {
  assistant: AssistantPanel,
  analyzer: AnalyzerPanel,
  vectorstore: VectorStorePanel,
  filedb: FileDbPanel,
  filerepository: FileRepositoryPanel,
  googledoc: GoogleDocPanel,
  googlesheet: GoogleSheetPanel,
  function: FunctionPanel,
  telegram: TelegramPanel,
  apidefinition: ApiDefinitionPanel,
  request: RequestPanel,
  scheduler: SchedulerPanel,
  trigger: TriggerPanel,
  sms: SmsPanel,
  iframe: IframePanel,
  wordpress: WordpressPanel,
  container: ContainerPanel,
  testframe: TestFramePanel,
  instruction: InstructionPanel,
};
