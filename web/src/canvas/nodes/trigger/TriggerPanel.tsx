// The trigger node's settings: the message sent on each run, its context
// data, the schedule (shared with the scheduler), and its runs: the switch,
// the next run, when it last ran, "run now" with a test message, and the
// history with the assistant's answers.
import { validateTriggerSchedule, type TriggerData } from "@dastyar/rules";
import { fa } from "../../../i18n/fa";
import { JsonInput } from "../../panels/fields/JsonInput";
import { ScheduleFields } from "../../panels/fields/ScheduleFields";
import { TextArea } from "../../panels/fields/TextArea";
import type { PanelProps } from "../../panels/types";
import { scheduleOf } from "../scheduler/schedule";
import { ScheduleRuns } from "../scheduler/ScheduleRuns";
import { previewStart } from "../scheduler/upcoming";
import { useSavedSchedule } from "../scheduler/useSavedSchedule";

const t = fa.nodes.trigger;

export function TriggerPanel({ form }: PanelProps<"trigger">) {
  const { draft, update, error } = form;
  const saved = useSavedSchedule(form.nodeId);
  // Saving allows a blank message (it is completed before connecting); the
  // trigger's own rule says whether it is, and the field shows it.
  const check = validateTriggerSchedule(draft.messageTemplate, scheduleOf(draft));
  const templateProblem = !check.ok && check.error.field === "messageTemplate" ? check.error.message : undefined;
  return (
    <>
      <TextArea
        label={t.messageTemplate}
        name="messageTemplate"
        rows={3}
        value={draft.messageTemplate}
        hint={t.messageTemplateHint}
        error={error("messageTemplate") ?? templateProblem}
        onChange={(messageTemplate) => update({ messageTemplate })}
      />
      <JsonInput
        label={t.contextData}
        name="contextData"
        rows={3}
        value={draft.contextData}
        hint={t.contextDataHint}
        invalidText={t.invalidJson}
        error={error("contextData")}
        onChange={(contextData) => update({ contextData: (contextData ?? {}) as TriggerData["contextData"] })}
      />
      <ScheduleFields data={draft} update={update} error={error} start={previewStart(draft, saved)} />
      <ScheduleRuns kind="trigger" form={form} saved={saved} />
    </>
  );
}
