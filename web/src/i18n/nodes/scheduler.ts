// The scheduler node's settings panel and card; the schedule's words are
// shared with the trigger node.
import type { IntervalUnit, ScheduleType } from "@dastyar/rules";
import { formatNumber } from "../../format/number";

const scheduleTypes: Record<ScheduleType, string> = {
  interval: "بازهٔ زمانی ثابت",
  cron: "عبارت کرون (cron)",
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
  cronExpression: "عبارت کرون",
  cronHint:
    "پنج بخش با فاصله: دقیقه، ساعت، روزِ ماه، ماه و روزِ هفته (۰ یکشنبه است). مثلاً `*/15 * * * *` هر پانزده دقیقه، و `0 9 * * 6` شنبه‌ها ساعت ۹.",
  timezone: "منطقهٔ زمانی",
  maxRuns: "حداکثر دفعات اجرا",
  maxRunsHint: "خالی یعنی بدون محدودیت.",
  wholeNumber: "یک عدد صحیح بنویسید.",
  active: "فعال",
  inactive: "غیرفعال",
  preview: "پنج اجرای بعدی",
  noPreview: "برای دیدن اجراهای بعدی، زمان‌بندی را درست کنید.",
  previewLoading: "در حال محاسبهٔ اجراهای بعدی…",
  every: (value: number, unit: IntervalUnit) => `هر ${formatNumber(value)} ${units[unit]}`,
  // The expression isolated left to right (U+2066…U+2069), as typed, inside the Persian line.
  cron: (expression: string) => `کرون: \u2066${expression}\u2069`,
  invalid: "زمان‌بندی نامعتبر",
} as const;

const requestedBy: Record<"schedule" | "user", string> = {
  schedule: "طبق زمان‌بندی",
  user: "اجرای دستی",
};

const states: Record<"running" | "succeeded" | "failed", string> = {
  running: "در حال اجرا",
  succeeded: "موفق",
  failed: "ناموفق",
};

/** What schedulers and triggers show of their runs: the switch, the next run, run now and the history. */
export const runs = {
  title: "اجراها",
  unsaved: "پس از ذخیرهٔ گره می‌توانید آن را روشن کنید و اجرایش را ببینید.",
  switchLabel: "اجرای خودکار",
  switching: "در حال تغییر…",
  nextRun: "اجرای بعدی",
  noNextRun: "اجرای دیگری در پیش نیست.",
  offNote: "خاموش است؛ روشنش کنید تا طبق زمان‌بندی اجرا شود.",
  inZone: (zone: string) => `به وقت ${zone}`,
  dateTime: (date: string, time: string) => `${date}، ساعت ${time}`,
  withWeekday: (weekday: string, dateTime: string) => `${weekday} ${dateTime}`,
  countdown: {
    days: (n: number) => `${formatNumber(n)} روز`,
    hours: (n: number) => `${formatNumber(n)} ساعت`,
    minutes: (n: number) => `${formatNumber(n)} دقیقه`,
    seconds: (n: number) => `${formatNumber(n)} ثانیه`,
    and: (larger: string, smaller: string) => `${larger} و ${smaller}`,
    left: (span: string) => `${span} دیگر`,
    due: "همین حالا",
  },
  count: "دفعات اجرا",
  counted: (current: number) => `${formatNumber(current)} بار`,
  countedOf: (current: number, max: number) => `${formatNumber(current)} از ${formatNumber(max)} بار`,
  now: {
    button: "اجرا همین حالا",
    working: "در حال اجرا…",
    wait: "تا پایان اجرا صبر کنید؛ پاسخ دستیار ممکن است چند ثانیه طول بکشد.",
    done: "اجرا شد.",
    failed: "اجرا ناموفق بود.",
  },
  history: {
    title: "تاریخچهٔ اجراها",
    label: "اجراها، تازه‌ترین در بالا",
    empty: "هنوز اجرایی نداشته است.",
    loading: "در حال خواندن اجراها…",
    refresh: "تازه‌سازی",
    refreshing: "در حال تازه‌سازی…",
    requestedBy,
    states,
    missed: (n: number) => `${formatNumber(n)} نوبت پیش از آن جا ماند`,
    attempts: (n: number) => `تلاش ${formatNumber(n)}`,
    show: "نمایش نتیجه",
    hide: "پنهان کردن نتیجه",
    noOutcome: "نتیجه‌ای ثبت نشده است.",
  },
  request: {
    status: "پاسخ سرویس",
    httpStatus: (status: number) => `کد ${formatNumber(status)}`,
    noStatus: "پاسخی نیامد",
    duration: (ms: number) => `${formatNumber(ms)} میلی‌ثانیه`,
    output: "خروجی",
    summary: (status: string, duration: string) => `${status}، در ${duration}`,
  },
} as const;

export const scheduler = {
  schedule,
  runs,
  runNowHint: "درخواست وصل‌شده یک بار بیرون از زمان‌بندی فراخوانده می‌شود؛ این اجرا شمرده نمی‌شود.",
} as const;
