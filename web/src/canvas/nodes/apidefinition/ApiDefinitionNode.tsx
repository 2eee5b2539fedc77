// The apidefinition node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const ApiDefinitionNode = memo(function ApiDefinitionNode({ id, data, selected }: NodeProps<FlowNodeOf<"apidefinition">>) {
  return <NodeShell id={id} kind="apidefinition" data={data} selected={selected} />;
});
