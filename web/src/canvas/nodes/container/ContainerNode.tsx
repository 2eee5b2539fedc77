// The container node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const ContainerNode = memo(function ContainerNode({ id, data, selected }: NodeProps<FlowNodeOf<"container">>) {
  return <NodeShell id={id} kind="container" data={data} selected={selected} />;
});
