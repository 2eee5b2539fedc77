// The scheduler node's settings panel and card; the schedule's words are
// shared with the trigger node.
import type { IntervalUnit, ScheduleType } from "@dastyar/rules";
import { formatNumber } from "../../format/number";

const scheduleTypes: Record<ScheduleType, string> = {
  interval: "بازهٔ زمانی ثابت",
  cron: "عبارت کران (cron)",
};

const units: Record<IntervalUnit, string> = {
  seconds: "ثانیه",
  minutes: "دقیقه",
  hours: "ساعت",
  days: "روز",
};

export const schedule = {
  scheduleType: "نوع زمان‌بندی",
  scheduleTypes,
  intervalValue: "هر چند",
  intervalUnit: "واحد",
  units,
  cronExpression: "عبارت کران",
  cronHint: "پنج بخش (دقیقه ساعت روز ماه روزِ هفته)، مثلاً */15 * * * *",
  timezone: "منطقهٔ زمانی",
  maxRuns: "حداکثر دفعات اجرا",
  maxRunsHint: "خالی یعنی بدون محدودیت.",
  wholeNumber: "یک عدد صحیح بنویسید.",
  isActive: "وضعیت",
  active: "فعال",
  inactive: "غیرفعال",
  activeHint: "روشن و خاموش کردن پس از اتصال انجام می‌شود.",
  currentRuns: "دفعات اجراشده",
  nextRunTime: "اجرای بعدی (سرور)",
  preview: "پنج اجرای بعدی",
  noPreview: "برای دیدن اجراهای بعدی، زمان‌بندی را درست کنید.",
  every: (value: number, unit: IntervalUnit) => `هر ${formatNumber(value)} ${units[unit]}`,
  cron: (expression: string) => `کران: ${expression}`,
  invalid: "زمان‌بندی نامعتبر",
} as const;

export const scheduler = {
  schedule,
} as const;
