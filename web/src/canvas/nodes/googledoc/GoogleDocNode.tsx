// The googledoc node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const GoogleDocNode = memo(function GoogleDocNode({ id, data, selected }: NodeProps<FlowNodeOf<"googledoc">>) {
  return <NodeShell id={id} kind="googledoc" data={data} selected={selected} />;
});
