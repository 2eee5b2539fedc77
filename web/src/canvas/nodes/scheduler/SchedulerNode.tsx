// The scheduler node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const SchedulerNode = memo(function SchedulerNode({ id, data, selected }: NodeProps<FlowNodeOf<"scheduler">>) {
  return <NodeShell id={id} kind="scheduler" data={data} selected={selected} />;
});
