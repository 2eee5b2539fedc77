// The trigger node's card: its schedule, the start of its message, its
// switch, how many times it ran, and when on, its next run counting down.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";
import { scheduleSummary } from "../scheduler/schedule";
import { ScheduleCardState } from "../scheduler/ScheduleCardState";

export const TriggerNode = memo(function TriggerNode({ id, data, selected }: NodeProps<FlowNodeOf<"trigger">>) {
  const template = data.messageTemplate.trim();
  return (
    <NodeShell id={id} kind="trigger" data={data} selected={selected}>
      <NodeLine>{scheduleSummary(data)}</NodeLine>
      {/* The line itself cuts a long message with an ellipsis. */}
      <NodeLine>{template ? fa.nodes.trigger.snippet(template) : fa.nodes.trigger.noTemplate}</NodeLine>
      <ScheduleCardState id={id} data={data} />
    </NodeShell>
  );
});
