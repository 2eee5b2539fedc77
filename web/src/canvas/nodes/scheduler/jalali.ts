// A run's date and time on the Jalali calendar, in the node's own timezone
// and in Persian digits. Put together from Intl's parts, so it reads the
// same whatever order a browser's calendar data puts them in.
import { timezoneChoices } from "@dastyar/rules";
import { fa } from "../../../i18n/fa";

const t = fa.nodes.scheduler.runs;
const ZONE_LABELS = new Map(timezoneChoices().map((z) => [z.iana, z.label]));
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    let made: Intl.DateTimeFormat | null;
    try {
      made = new Intl.DateTimeFormat("fa-IR-u-ca-persian", {
        timeZone,
        weekday: "long",
        year: "numeric",
        month: "long",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
      });
    } catch {
      // A zone this browser does not know: the rules refuse it anyway.
      made = null;
    }
    formatters.set(timeZone, made);
  }
  return formatters.get(timeZone)!;
}

/**
 * `2025-03-21T08:00:05Z` in Asia/Tehran → «۱ فروردین ۱۴۰۴، ساعت ۱۱:۳۰:۰۵»
 * (with `weekday`, «جمعه ۱ فروردین ۱۴۰۴، ساعت ۱۱:۳۰:۰۵»). An unreadable
 * timestamp or zone answers an empty string.
 */
export function jalaliDateTime(value: string, timeZone: string, { weekday = false } = {}): string {
  const date = new Date(value);
  const format = formatter(timeZone);
  if (!format || Number.isNaN(date.getTime())) return "";
  const parts = new Map(format.formatToParts(date).map((p) => [p.type, p.value]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? "";
  const text = t.dateTime(
    `${part("day")} ${part("month")} ${part("year")}`,
    `${part("hour")}:${part("minute")}:${part("second")}`,
  );
  return weekday ? t.withWeekday(part("weekday"), text) : text;
}

/** «به وقت تهران»: the zone's label among the offered ones, else its IANA name. */
export function zoneText(timeZone: string): string {
  return t.inZone(ZONE_LABELS.get(timeZone) ?? timeZone);
}
