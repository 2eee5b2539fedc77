// The telegram node's card: the bot's @username, or that it has no token yet.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

export const TelegramNode = memo(function TelegramNode({ id, data, selected }: NodeProps<FlowNodeOf<"telegram">>) {
  const username = data.bot_username.trim().replace(/^@/, "");
  return (
    <NodeShell id={id} kind="telegram" data={data} selected={selected}>
      {username ? (
        <NodeLine ltr>@{username}</NodeLine>
      ) : (
        <NodeLine>{data.bot_token ? fa.nodes.telegram.noUsername : fa.nodes.telegram.noToken}</NodeLine>
      )}
    </NodeShell>
  );
});
