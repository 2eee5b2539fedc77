// The scheduler node's settings: its schedule (shared with the trigger), and
// its runs: the switch, the next run, "run now" and the history.
import { ScheduleFields } from "../../panels/fields/ScheduleFields";
import type { PanelProps } from "../../panels/types";
import { ScheduleRuns } from "./ScheduleRuns";
import { previewStart } from "./upcoming";
import { useSavedSchedule } from "./useSavedSchedule";

export function SchedulerPanel({ form }: PanelProps<"scheduler">) {
  const saved = useSavedSchedule(form.nodeId);
  return (
    <>
      <ScheduleFields data={form.draft} update={form.update} error={form.error} start={previewStart(form.draft, saved)} />
      <ScheduleRuns kind="scheduler" form={form} saved={saved} />
    </>
  );
}
