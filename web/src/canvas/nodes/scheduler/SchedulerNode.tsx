// The scheduler node's card: how often it runs, its switch, how many times
// it ran, and when on, its next run counting down.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";
import { scheduleSummary } from "./schedule";
import { ScheduleCardState } from "./ScheduleCardState";

export const SchedulerNode = memo(function SchedulerNode({ id, data, selected }: NodeProps<FlowNodeOf<"scheduler">>) {
  return (
    <NodeShell id={id} kind="scheduler" data={data} selected={selected}>
      <NodeLine>{scheduleSummary(data)}</NodeLine>
      <ScheduleCardState id={id} data={data} />
    </NodeShell>
  );
});
