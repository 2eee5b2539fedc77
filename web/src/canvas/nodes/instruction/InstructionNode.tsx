// The instruction node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const InstructionNode = memo(function InstructionNode({ id, data, selected }: NodeProps<FlowNodeOf<"instruction">>) {
  return <NodeShell id={id} kind="instruction" data={data} selected={selected} />;
});
