// How long until the next run, in words: «۴ دقیقه و ۱۲ ثانیه دیگر». The two
// largest units are enough for a line that changes every second.
import { fa } from "../../../i18n/fa";

const c = fa.nodes.scheduler.runs.countdown;

/** Milliseconds from `now` until `at` (RFC 3339), or null when `at` is unreadable. */
export function msUntil(at: string, now: number): number | null {
  const due = Date.parse(at);
  return Number.isNaN(due) ? null : due - now;
}

/**
 * The time left in words, counted in whole seconds rounded up, so it says
 * «۱ ثانیه دیگر» until the very moment the run is due, then «همین حالا».
 */
export function countdownText(msLeft: number): string {
  const total = Math.ceil(msLeft / 1000);
  if (total <= 0) return c.due;
  const units: [number, (n: number) => string][] = [
    [Math.floor(total / 86_400), c.days],
    [Math.floor((total % 86_400) / 3_600), c.hours],
    [Math.floor((total % 3_600) / 60), c.minutes],
    [total % 60, c.seconds],
  ];
  const first = units.findIndex(([n]) => n > 0);
  const [count, word] = units[first]!;
  const next = units[first + 1];
  const span = next && next[0] > 0 ? c.and(word(count), next[1](next[0])) : word(count);
  return c.left(span);
}
