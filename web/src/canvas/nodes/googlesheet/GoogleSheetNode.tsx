// The googlesheet node's card: the sheet's name, and whether it is authorized.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { GoogleLines } from "../googledoc/GoogleDocNode";
import { NodeShell } from "../NodeShell";

export const GoogleSheetNode = memo(function GoogleSheetNode({ id, data, selected }: NodeProps<FlowNodeOf<"googlesheet">>) {
  return (
    <NodeShell id={id} kind="googlesheet" data={data} selected={selected}>
      <GoogleLines name={data.sheet_name} authorized={data.auth_status === "authorized"} />
    </NodeShell>
  );
});
