// The schedule part of a scheduler's or trigger's data, and how a card
// says it in a few words ("every 5 minutes", the cron expression).
import { validateSchedule, type Schedule } from "@dastyar/rules";
import { fa } from "../../../i18n/fa";

/** What schedulers and triggers share: the schedule, its run limit, and what the schedule engine keeps. */
export type ScheduleData = Schedule & {
  maxRuns?: number;
  isActive: boolean;
  currentRuns: number;
  nextRunTime?: string;
};

/** The schedule fields schedulers and triggers share, picked out of their data. */
export function scheduleOf(data: Schedule): Schedule {
  return {
    scheduleType: data.scheduleType,
    intervalValue: data.intervalValue,
    intervalUnit: data.intervalUnit,
    cronExpression: data.cronExpression,
    timezone: data.timezone,
  };
}

/** A card's one-line schedule; the rules decide whether it is valid. */
export function scheduleSummary(schedule: Schedule): string {
  const words = fa.nodes.scheduler.schedule;
  if (!validateSchedule(schedule).ok) return words.invalid;
  if (schedule.scheduleType === "cron") return words.cron((schedule.cronExpression ?? "").trim());
  // A valid interval has both a value and a unit.
  return words.every(schedule.intervalValue ?? 0, schedule.intervalUnit ?? "minutes");
}
