// The apidefinition node's card: its base URL.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

export const ApiDefinitionNode = memo(function ApiDefinitionNode({ id, data, selected }: NodeProps<FlowNodeOf<"apidefinition">>) {
  const url = data.baseUrl.trim();
  return (
    <NodeShell id={id} kind="apidefinition" data={data} selected={selected}>
      {url ? <NodeLine ltr>{url}</NodeLine> : <NodeLine>{fa.nodes.apidefinition.noUrl}</NodeLine>}
    </NodeShell>
  );
});
