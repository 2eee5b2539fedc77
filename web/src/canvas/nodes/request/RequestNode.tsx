// The request node's card: METHOD endpoint.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

export const RequestNode = memo(function RequestNode({ id, data, selected }: NodeProps<FlowNodeOf<"request">>) {
  const endpoint = data.endpoint.trim();
  return (
    <NodeShell id={id} kind="request" data={data} selected={selected}>
      <NodeLine ltr>
        <strong>{data.method}</strong> {endpoint || <span dir="rtl">{fa.nodes.request.noEndpoint}</span>}
      </NodeLine>
    </NodeShell>
  );
});
