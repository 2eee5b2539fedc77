// The next runs a panel previews. Switched on, a node runs from the next run
// the schedule engine set (an interval keeps the phase it was switched on
// with) and stops at its run limit; off, or with its schedule being edited,
// the preview counts from now, as switching it on would.
import type { Schedule } from "@dastyar/rules";
import type { LazyRules } from "../../lazyRules";
import { scheduleOf, type ScheduleData } from "./schedule";

/** Where a preview starts and how many runs are left, when the engine's next run applies. */
export type PreviewStart = { from: string; remaining?: number };

function sameSchedule(a: Schedule, b: Schedule): boolean {
  return (
    a.scheduleType === b.scheduleType &&
    a.intervalValue === b.intervalValue &&
    a.intervalUnit === b.intervalUnit &&
    (a.cronExpression ?? "") === (b.cronExpression ?? "") &&
    a.timezone === b.timezone
  );
}

/**
 * The engine's next run, and the runs its limit leaves, when `draft` has the
 * very schedule `saved` is running on; undefined otherwise.
 */
export function previewStart(draft: ScheduleData, saved: ScheduleData | undefined): PreviewStart | undefined {
  if (!saved?.isActive || !saved.nextRunTime) return undefined;
  if (!sameSchedule(scheduleOf(draft), scheduleOf(saved))) return undefined;
  if (saved.maxRuns == null || draft.maxRuns !== saved.maxRuns) return { from: saved.nextRunTime };
  return { from: saved.nextRunTime, remaining: Math.max(0, saved.maxRuns - saved.currentRuns) };
}

const iso = (time: string | Date) => new Date(time).toISOString();

/**
 * Up to `count` next due times (ISO 8601, UTC): from `start` when it is
 * still ahead of `now`, else from `now`. Null when the rules find the
 * schedule invalid. `nextRuns` is the lazy rules' (lazyRules.ts).
 */
export function upcomingRuns(
  nextRuns: LazyRules["nextRuns"],
  schedule: Schedule,
  start: PreviewStart | undefined,
  now: Date,
  count: number,
): string[] | null {
  const from = start ? new Date(start.from) : null;
  if (!from || Number.isNaN(from.getTime()) || from <= now) {
    const runs = nextRuns(schedule, now.toISOString(), count);
    return runs.ok ? runs.value.map(iso) : null;
  }
  const wanted = Math.min(count, start!.remaining ?? count);
  if (wanted === 0) return [];
  // Asked for none, the rules still check the schedule.
  const rest = nextRuns(schedule, from.toISOString(), wanted - 1);
  return rest.ok ? [iso(from), ...rest.value.map(iso)] : null;
}
