// The iframe node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const IframeNode = memo(function IframeNode({ id, data, selected }: NodeProps<FlowNodeOf<"iframe">>) {
  return <NodeShell id={id} kind="iframe" data={data} selected={selected} />;
});
