// The trigger node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const TriggerNode = memo(function TriggerNode({ id, data, selected }: NodeProps<FlowNodeOf<"trigger">>) {
  return <NodeShell id={id} kind="trigger" data={data} selected={selected} />;
});
