// The sms node's card: how many receptors, and the send method.
import { normalizeReceptors } from "@dastyar/rules";
import type { NodeProps } from "@xyflow/react";
import { memo, useMemo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

export const SmsNode = memo(function SmsNode({ id, data, selected }: NodeProps<FlowNodeOf<"sms">>) {
  // The stored receptor is already normalised; the rules split it.
  const count = useMemo(() => {
    const answer = normalizeReceptors(data.receptor);
    return answer.ok ? answer.value.length : 0;
  }, [data.receptor]);
  return (
    <NodeShell id={id} kind="sms" data={data} selected={selected}>
      <NodeLine>{fa.nodes.sms.receptors(count)}</NodeLine>
      <NodeLine>{fa.nodes.sms.sendMethods[data.sendMethod]}</NodeLine>
    </NodeShell>
  );
});
