// The function node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const FunctionNode = memo(function FunctionNode({ id, data, selected }: NodeProps<FlowNodeOf<"function">>) {
  return <NodeShell id={id} kind="function" data={data} selected={selected} />;
});
