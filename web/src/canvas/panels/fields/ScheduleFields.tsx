// The schedule fields schedulers and triggers share: interval or cron, the
// timezone, the run limit, the server-kept run state, and the next five runs
// as the rules compute them (shown on the Jalali calendar).
import {
  constants,
  nextRuns,
  timezoneChoices,
  type IntervalUnit,
  type Schedule,
  type ScheduleType,
} from "@dastyar/rules";
import { useMemo, useState } from "react";
import { formatJalaliDate } from "../../../format/date";
import { formatNumber } from "../../../format/number";
import { fa } from "../../../i18n/fa";
import { scheduleOf } from "../../nodes/scheduler/schedule";
import { Field } from "./Field";
import styles from "./fields.module.css";
import { NumberInput } from "./NumberInput";
import { Select } from "./Select";
import { TextInput } from "./TextInput";

export type ScheduleData = Schedule & {
  maxRuns?: number;
  isActive: boolean;
  currentRuns: number;
  nextRunTime?: string;
};

type Props = {
  data: ScheduleData;
  update: (patch: Partial<ScheduleData>) => void;
  error: (field: string) => string | undefined;
};

const words = fa.nodes.scheduler.schedule;
const TIMEZONES = timezoneChoices();
const PREVIEW_COUNT = constants().previewRunsDefaultCount;
const TYPES: readonly ScheduleType[] = ["interval", "cron"];
const UNITS: readonly IntervalUnit[] = ["seconds", "minutes", "hours", "days"];

/**
 * What an interval box holds for the rules: a whole number, or null (the
 * rules then say the interval is invalid). The rules read an i64, so a
 * fraction must never reach them.
 */
export function intervalValueOf(typed: number | null): number | null {
  return typed !== null && Number.isSafeInteger(typed) ? typed : null;
}

/** The run limit typed: unset (runs for ever), a whole number, or "fraction" (refused here). */
export function maxRunsOf(typed: number | null): number | undefined | "fraction" {
  if (typed === null) return undefined;
  return Number.isSafeInteger(typed) ? typed : "fraction";
}

/** The timezone choices, with a stored zone that is not among them kept selectable. */
export function timezoneOptions(current: string): { value: string; label: string }[] {
  const options = TIMEZONES.map((t) => ({ value: t.iana, label: t.label }));
  return options.some((o) => o.value === current) ? options : [...options, { value: current, label: current }];
}

export function ScheduleFields({ data, update, error }: Props) {
  const [maxRunsProblem, setMaxRunsProblem] = useState(false);
  const { scheduleType, intervalValue, intervalUnit, cronExpression, timezone } = scheduleOf(data);
  // The preview is worked out again only when one of the schedule's fields changes.
  const runs = useMemo(
    () =>
      nextRuns(
        { scheduleType, intervalValue, intervalUnit, cronExpression, timezone },
        new Date().toISOString(),
        PREVIEW_COUNT,
      ),
    [scheduleType, intervalValue, intervalUnit, cronExpression, timezone],
  );

  return (
    <>
      <Select<ScheduleType>
        label={words.scheduleType}
        name="scheduleType"
        value={data.scheduleType}
        options={TYPES.map((t) => ({ value: t, label: words.scheduleTypes[t] }))}
        // An interval needs a unit; one stored without gets the default (spec §9: minutes).
        onChange={(scheduleType) =>
          update(scheduleType === "interval" && data.intervalUnit == null ? { scheduleType, intervalUnit: "minutes" } : { scheduleType })
        }
      />
      {data.scheduleType === "interval" ? (
        <>
          <NumberInput
            label={words.intervalValue}
            name="intervalValue"
            min={1}
            step={1}
            value={data.intervalValue}
            error={error("intervalValue")}
            onChange={(typed) => update({ intervalValue: intervalValueOf(typed) })}
          />
          <Select<IntervalUnit>
            label={words.intervalUnit}
            name="intervalUnit"
            value={data.intervalUnit ?? "minutes"}
            options={UNITS.map((u) => ({ value: u, label: words.units[u] }))}
            onChange={(intervalUnit) => update({ intervalUnit })}
          />
        </>
      ) : (
        <TextInput
          label={words.cronExpression}
          name="cronExpression"
          ltr
          value={data.cronExpression ?? ""}
          hint={words.cronHint}
          error={error("cronExpression")}
          onChange={(cronExpression) => update({ cronExpression })}
        />
      )}
      <Select<string>
        label={words.timezone}
        name="timezone"
        value={data.timezone}
        options={timezoneOptions(data.timezone)}
        error={error("timezone")}
        onChange={(timezone) => update({ timezone })}
      />
      <NumberInput
        label={words.maxRuns}
        name="maxRuns"
        min={1}
        step={1}
        value={data.maxRuns}
        hint={words.maxRunsHint}
        error={maxRunsProblem ? words.wholeNumber : error("maxRuns")}
        onChange={(typed) => {
          const maxRuns = maxRunsOf(typed);
          setMaxRunsProblem(maxRuns === "fraction");
          if (maxRuns !== "fraction") update({ maxRuns });
        }}
      />
      <Field label={words.isActive} hint={words.activeHint}>
        {(id, describedBy) => (
          <output id={id} aria-describedby={describedBy} data-field="isActive" data-active={data.isActive}>
            {data.isActive ? words.active : words.inactive}
          </output>
        )}
      </Field>
      <Field label={words.currentRuns}>
        {(id) => (
          <output id={id} data-field="currentRuns">
            {formatNumber(data.currentRuns)}
          </output>
        )}
      </Field>
      {data.nextRunTime && (
        <Field label={words.nextRunTime}>
          {(id) => (
            <output id={id} data-field="nextRunTime">
              {formatJalaliDate(data.nextRunTime!, { timeZone: data.timezone, withTime: true })}
            </output>
          )}
        </Field>
      )}
      <section aria-label={words.preview} data-testid="schedule-preview">
        <p className={styles.label}>{words.preview}</p>
        {runs.ok && runs.value.length > 0 ? (
          <ol className={styles.hint} style={{ margin: 0, paddingInlineStart: "1.2rem" }}>
            {runs.value.map((run) => (
              <li key={run}>{formatJalaliDate(run, { timeZone: data.timezone, withTime: true })}</li>
            ))}
          </ol>
        ) : (
          <p className={styles.hint}>{words.noPreview}</p>
        )}
      </section>
    </>
  );
}

