// The scheduler node's card: how often it runs, and whether it is active.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";
import { scheduleSummary } from "./schedule";

const words = fa.nodes.scheduler.schedule;

export const SchedulerNode = memo(function SchedulerNode({ id, data, selected }: NodeProps<FlowNodeOf<"scheduler">>) {
  return (
    <NodeShell id={id} kind="scheduler" data={data} selected={selected}>
      <NodeLine>{scheduleSummary(data)}</NodeLine>
      <NodeLine>{data.isActive ? words.active : words.inactive}</NodeLine>
    </NodeShell>
  );
});
