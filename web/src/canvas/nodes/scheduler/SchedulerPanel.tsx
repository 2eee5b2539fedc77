// The scheduler node's settings.
import type { PanelProps } from "../../panels/types";

export function SchedulerPanel(_props: PanelProps<"scheduler">) {
  return null;
}
