// The wordpress node's card: the site's host.
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { FlowNodeOf } from "../../model";
import { NodeLine, NodeShell } from "../NodeShell";

/** The host of a site address, or the address itself when it does not parse. */
export function siteHost(siteUrl: string): string {
  const url = siteUrl.trim();
  if (url === "") return "";
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export const WordpressNode = memo(function WordpressNode({ id, data, selected }: NodeProps<FlowNodeOf<"wordpress">>) {
  const host = siteHost(data.siteUrl);
  return (
    <NodeShell id={id} kind="wordpress" data={data} selected={selected}>
      {host ? <NodeLine ltr>{host}</NodeLine> : <NodeLine>{fa.nodes.wordpress.noSite}</NodeLine>}
    </NodeShell>
  );
});
