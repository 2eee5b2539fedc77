// The wordpress node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const WordpressNode = memo(function WordpressNode({ id, data, selected }: NodeProps<FlowNodeOf<"wordpress">>) {
  return <NodeShell id={id} kind="wordpress" data={data} selected={selected} />;
});
