// The iframe node's settings.
import type { PanelProps } from "../../panels/types";

export function IframePanel(_props: PanelProps<"iframe">) {
  return null;
}
