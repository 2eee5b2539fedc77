// The filerepository node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const FileRepositoryNode = memo(function FileRepositoryNode({ id, data, selected }: NodeProps<FlowNodeOf<"filerepository">>) {
  return <NodeShell id={id} kind="filerepository" data={data} selected={selected} />;
});
