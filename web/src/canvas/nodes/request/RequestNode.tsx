// The request node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const RequestNode = memo(function RequestNode({ id, data, selected }: NodeProps<FlowNodeOf<"request">>) {
  return <NodeShell id={id} kind="request" data={data} selected={selected} />;
});
