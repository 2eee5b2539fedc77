// The vectorstore node's card: how many files reach it from the file nodes
// connected into it, as far as the canvas knows.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";
import { useSourceCount } from "./useSourceCount";

const words = fa.nodes.vectorstore.card;

export const VectorStoreNode = memo(function VectorStoreNode({ id, data, selected }: NodeProps<FlowNodeOf<"vectorstore">>) {
  const { sources, files } = useSourceCount(id);
  return (
    <NodeShell id={id} kind="vectorstore" data={data} selected={selected}>
      <NodeLine>
        <span data-testid="node-file-count">{sources === 0 ? words.noSources : words.files(files)}</span>
      </NodeLine>
    </NodeShell>
  );
});
