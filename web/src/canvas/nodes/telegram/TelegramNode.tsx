// The telegram node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const TelegramNode = memo(function TelegramNode({ id, data, selected }: NodeProps<FlowNodeOf<"telegram">>) {
  return <NodeShell id={id} kind="telegram" data={data} selected={selected} />;
});
