// The analyzer node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const AnalyzerNode = memo(function AnalyzerNode({ id, data, selected }: NodeProps<FlowNodeOf<"analyzer">>) {
  return <NodeShell id={id} kind="analyzer" data={data} selected={selected} />;
});
