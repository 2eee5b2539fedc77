// The analyzer node's card: its model.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

export const AnalyzerNode = memo(function AnalyzerNode({ id, data, selected }: NodeProps<FlowNodeOf<"analyzer">>) {
  return (
    <NodeShell id={id} kind="analyzer" data={data} selected={selected}>
      <NodeLine>
        <span data-testid="node-model">{fa.nodes.analyzer.card.model(data.model)}</span>
      </NodeLine>
    </NodeShell>
  );
});
