// The instruction node's card: the first line of its text.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";
import { firstLine } from "./firstLine";

export const InstructionNode = memo(function InstructionNode({ id, data, selected }: NodeProps<FlowNodeOf<"instruction">>) {
  const line = firstLine(data.content);
  return (
    <NodeShell id={id} kind="instruction" data={data} selected={selected}>
      <NodeLine>
        <bdi data-testid="node-summary">{line || fa.nodes.instruction.card.empty}</bdi>
      </NodeLine>
    </NodeShell>
  );
});
