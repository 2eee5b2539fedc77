// The function node's card: its tool name and how many parameters it takes
// (NodeShell shows pending_assistant until it is connected).
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";
import { parameterCount } from "./schema";

const words = fa.nodes.function.card;

export const FunctionNode = memo(function FunctionNode({ id, data, selected }: NodeProps<FlowNodeOf<"function">>) {
  return (
    <NodeShell id={id} kind="function" data={data} selected={selected}>
      <NodeLine ltr={!!data.functionName}>
        <span data-testid="node-function-name">{data.functionName || words.unnamed}</span>
      </NodeLine>
      <NodeLine>
        <span data-testid="node-parameter-count">{words.parameters(parameterCount(data.parameters))}</span>
      </NodeLine>
    </NodeShell>
  );
});
