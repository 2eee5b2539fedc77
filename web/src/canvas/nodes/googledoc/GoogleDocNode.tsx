// The googledoc node's card: the document's name, and whether it is authorized.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

export const GoogleDocNode = memo(function GoogleDocNode({ id, data, selected }: NodeProps<FlowNodeOf<"googledoc">>) {
  return (
    <NodeShell id={id} kind="googledoc" data={data} selected={selected}>
      <GoogleLines name={data.doc_name} authorized={data.auth_status === "authorized"} />
    </NodeShell>
  );
});

/** A Google node's summary: its name when it has one, and "not authorized" until it is. */
export function GoogleLines({ name, authorized }: { name?: string; authorized: boolean }) {
  return (
    <>
      {name && (
        <NodeLine>
          <bdi data-testid="node-summary">{name}</bdi>
        </NodeLine>
      )}
      {!authorized && (
        <NodeLine>
          <span data-testid="node-auth">{fa.nodes.googledoc.notAuthorized}</span>
        </NodeLine>
      )}
    </>
  );
}
