// The trigger node's settings.
import type { PanelProps } from "../../panels/types";

export function TriggerPanel(_props: PanelProps<"trigger">) {
  return null;
}
