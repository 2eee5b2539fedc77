// The googlesheet node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const GoogleSheetNode = memo(function GoogleSheetNode({ id, data, selected }: NodeProps<FlowNodeOf<"googlesheet">>) {
  return <NodeShell id={id} kind="googlesheet" data={data} selected={selected} />;
});
