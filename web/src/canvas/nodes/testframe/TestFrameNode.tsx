// The test frame's card: which assistant it talks to.
import type { NodeProps } from "@xyflow/react";
import { useAtomValue } from "jotai";
import { memo, useMemo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";
import { assistantLabelAtom } from "./assistants";

const words = fa.nodes.testframe.card;

export const TestFrameNode = memo(function TestFrameNode({ id, data, selected }: NodeProps<FlowNodeOf<"testframe">>) {
  // A string, so the card re-renders only when that assistant's name changes.
  const labelAtom = useMemo(() => assistantLabelAtom(data.assistantId), [data.assistantId]);
  const label = useAtomValue(labelAtom);
  const line = !data.assistantId ? words.noAssistant : label === null ? words.missing : words.talksTo(label);
  return (
    <NodeShell id={id} kind="testframe" data={data} selected={selected}>
      <NodeLine>
        <bdi data-testid="node-summary">{line}</bdi>
      </NodeLine>
    </NodeShell>
  );
});
