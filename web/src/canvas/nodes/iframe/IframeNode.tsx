// The iframe node's card: the company and how many domains may embed it.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

export const IframeNode = memo(function IframeNode({ id, data, selected }: NodeProps<FlowNodeOf<"iframe">>) {
  const company = data.companyName.trim();
  return (
    <NodeShell id={id} kind="iframe" data={data} selected={selected}>
      <NodeLine>{company || fa.nodes.iframe.noCompany}</NodeLine>
      <NodeLine>{fa.nodes.iframe.domains(data.authorizedDomains.length)}</NodeLine>
    </NodeShell>
  );
});
