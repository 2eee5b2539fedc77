// Dates on the Jalali (Persian solar) calendar with Persian digits, as the
// browser's Intl formats them (no calendar code of our own).

export type DateOptions = {
  /** An IANA zone; the reader's own zone when left out. */
  timeZone?: string;
  /** Also show hours and minutes. */
  withTime?: boolean;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter({ timeZone, withTime = false }: DateOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${withTime}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("fa-IR", {
      calendar: "persian",
      numberingSystem: "arabext",
      year: "numeric",
      month: "long",
      day: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * An RFC 3339 timestamp (or a Date) as a Jalali date: `2025-03-21T08:00:00Z` →
 * «۱ فروردین ۱۴۰۴». An unreadable timestamp answers an empty string.
 */
export function formatJalaliDate(value: string | Date, options: DateOptions = {}): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return formatter(options).format(date);
}
