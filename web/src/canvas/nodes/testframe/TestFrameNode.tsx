// The testframe node's card.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";

export const TestFrameNode = memo(function TestFrameNode({ id, data, selected }: NodeProps<FlowNodeOf<"testframe">>) {
  return <NodeShell id={id} kind="testframe" data={data} selected={selected} />;
});
