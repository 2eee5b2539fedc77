// The vectorstore node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const VectorStoreNode = memo(function VectorStoreNode({ id, data, selected }: NodeProps<FlowNodeOf<"vectorstore">>) {
  return <NodeShell id={id} kind="vectorstore" data={data} selected={selected} />;
});
