// The assistant node's settings.
import type { PanelProps } from "../../panels/types";

export function AssistantPanel(_props: PanelProps<"assistant">) {
  return null;
}
