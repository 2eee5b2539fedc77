// The filedb node's card: how many files it holds.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

export const FileDbNode = memo(function FileDbNode({ id, data, selected }: NodeProps<FlowNodeOf<"filedb">>) {
  return (
    <NodeShell id={id} kind="filedb" data={data} selected={selected}>
      <NodeLine>
        <span data-testid="node-file-count">{fa.nodes.filedb.files.card(data.files.length)}</span>
      </NodeLine>
    </NodeShell>
  );
});
