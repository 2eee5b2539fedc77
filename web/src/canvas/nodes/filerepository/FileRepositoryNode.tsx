// The filerepository node's card: how many files it holds.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

export const FileRepositoryNode = memo(function FileRepositoryNode({ id, data, selected }: NodeProps<FlowNodeOf<"filerepository">>) {
  return (
    <NodeShell id={id} kind="filerepository" data={data} selected={selected}>
      <NodeLine>
        <span data-testid="node-file-count">{fa.nodes.filerepository.files.card(data.files.length)}</span>
      </NodeLine>
    </NodeShell>
  );
});
