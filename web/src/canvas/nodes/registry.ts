// Every kind's card, settings panel, appearance and words, one line per kind
// from its folder's index.ts. Keyed by NodeKind, so a kind left out fails
// type-checking.
import type { NodeKind } from "@dastyar/rules";
import type { NodeTypes } from "@xyflow/react";
import type { ComponentType } from "react";
import type { PanelProps } from "../panels/types";
import type { KindEntry } from "./kindEntry";
import { assistantKind } from "./assistant";
import { analyzerKind } from "./analyzer";
import { vectorstoreKind } from "./vectorstore";
import { filedbKind } from "./filedb";
import { filerepositoryKind } from "./filerepository";
import { googledocKind } from "./googledoc";
import { googlesheetKind } from "./googlesheet";
import { functionKind } from "./function";
import { telegramKind } from "./telegram";
import { apidefinitionKind } from "./apidefinition";
import { requestKind } from "./request";
import { schedulerKind } from "./scheduler";
import { triggerKind } from "./trigger";
import { smsKind } from "./sms";
import { iframeKind } from "./iframe";
import { wordpressKind } from "./wordpress";
import { containerKind } from "./container";
import { testframeKind } from "./testframe";
import { instructionKind } from "./instruction";

export const registry: { [K in NodeKind]: KindEntry<K> } = {
  assistant: assistantKind,
  analyzer: analyzerKind,
  vectorstore: vectorstoreKind,
  filedb: filedbKind,
  filerepository: filerepositoryKind,
  googledoc: googledocKind,
  googlesheet: googlesheetKind,
  function: functionKind,
  telegram: telegramKind,
  apidefinition: apidefinitionKind,
  request: requestKind,
  scheduler: schedulerKind,
  trigger: triggerKind,
  sms: smsKind,
  iframe: iframeKind,
  wordpress: wordpressKind,
  container: containerKind,
  testframe: testframeKind,
  instruction: instructionKind,
};

/** The cards by kind, as React Flow takes them (one object for the page's life). */
export const nodeTypes: NodeTypes = Object.fromEntries(
  Object.entries(registry).map(([kind, entry]) => [kind, entry.Card]),
) as NodeTypes;

/** The settings panels by kind, for the panel host that knows the kind only at run time. */
export const panels = Object.fromEntries(
  Object.entries(registry).map(([kind, entry]) => [kind, entry.Panel]),
) as Record<NodeKind, ComponentType<PanelProps<NodeKind>>>;
