// The filedb node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const FileDbNode = memo(function FileDbNode({ id, data, selected }: NodeProps<FlowNodeOf<"filedb">>) {
  return <NodeShell id={id} kind="filedb" data={data} selected={selected} />;
});
