// The schedule fields schedulers and triggers share: interval or cron, the
// timezone, the run limit, and the next five runs as the rules compute them
// (shown on the Jalali calendar). How it runs (the switch, the next run, the
// history) is the node's ScheduleRuns, which acts on the server at once.
import {
  constants,
  timezoneChoices,
  type IntervalUnit,
  type ScheduleType,
} from "@dastyar/rules";
import { useMemo, useState } from "react";
import { fa } from "../../../i18n/fa";
import { useLazyRules } from "../../lazyRules";
import { jalaliDateTime } from "../../nodes/scheduler/jalali";
import { scheduleOf, type ScheduleData } from "../../nodes/scheduler/schedule";
import { upcomingRuns, type PreviewStart } from "../../nodes/scheduler/upcoming";
import styles from "./fields.module.css";
import { NumberInput } from "./NumberInput";
import { Select } from "./Select";
import { TextInput } from "./TextInput";

export type { ScheduleData };

type Props = {
  data: ScheduleData;
  update: (patch: Partial<ScheduleData>) => void;
  error: (field: string) => string | undefined;
  /** When the node is on with this very schedule: the engine's next run, which the preview starts from. */
  start?: PreviewStart;
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

export function ScheduleFields({ data, update, error, start }: Props) {
  const [maxRunsProblem, setMaxRunsProblem] = useState(false);
  const { scheduleType, intervalValue, intervalUnit, cronExpression, timezone } = scheduleOf(data);
  const from = start?.from;
  const remaining = start?.remaining;
  // Run times come from the lazy rules (the time-zone database): until they are here the preview says it is working.
  const lazy = useLazyRules();
  const nextRuns = lazy?.nextRuns;
  // The preview is worked out again only when one of the schedule's fields, or where it starts, changes.
  const runs = useMemo(
    () =>
      nextRuns &&
      upcomingRuns(
        nextRuns,
        { scheduleType, intervalValue, intervalUnit, cronExpression, timezone },
        from === undefined ? undefined : { from, remaining },
        new Date(),
        PREVIEW_COUNT,
      ),
    [nextRuns, scheduleType, intervalValue, intervalUnit, cronExpression, timezone, from, remaining],
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
      <section aria-label={words.preview} data-testid="schedule-preview">
        <p className={styles.label}>{words.preview}</p>
        {runs === undefined ? (
          <p className={styles.hint}>{words.previewLoading}</p>
        ) : runs && runs.length > 0 ? (
          <ol className={styles.hint} style={{ margin: 0, paddingInlineStart: "1.2rem", listStyleType: "persian" }}>
            {runs.map((run) => (
              <li key={run}>{jalaliDateTime(run, data.timezone)}</li>
            ))}
          </ol>
        ) : (
          <p className={styles.hint}>{words.noPreview}</p>
        )}
      </section>
    </>
  );
}

