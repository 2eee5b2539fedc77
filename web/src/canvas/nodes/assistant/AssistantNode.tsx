// The assistant node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const AssistantNode = memo(function AssistantNode({ id, data, selected }: NodeProps<FlowNodeOf<"assistant">>) {
  return <NodeShell id={id} kind="assistant" data={data} selected={selected} />;
});
