// The scheduler node's settings: its schedule (shared with the trigger).
import { ScheduleFields } from "../../panels/fields/ScheduleFields";
import type { PanelProps } from "../../panels/types";

export function SchedulerPanel({ form }: PanelProps<"scheduler">) {
  return <ScheduleFields data={form.draft} update={form.update} error={form.error} />;
}
