// The assistant node's card: its model, and whether a vector store and
// functions are attached (the server records both on the assistant).
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

const words = fa.nodes.assistant.card;

export const AssistantNode = memo(function AssistantNode({ id, data, selected }: NodeProps<FlowNodeOf<"assistant">>) {
  return (
    <NodeShell id={id} kind="assistant" data={data} selected={selected}>
      <NodeLine>
        <span data-testid="node-model">{words.model(data.model)}</span>
      </NodeLine>
      <NodeLine>{words.vectorStore(!!data.vector_store_id)}</NodeLine>
      <NodeLine>{words.functions(data.hasFunctions)}</NodeLine>
    </NodeShell>
  );
});
