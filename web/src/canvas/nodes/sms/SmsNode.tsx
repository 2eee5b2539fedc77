// The sms node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const SmsNode = memo(function SmsNode({ id, data, selected }: NodeProps<FlowNodeOf<"sms">>) {
  return <NodeShell id={id} kind="sms" data={data} selected={selected} />;
});
