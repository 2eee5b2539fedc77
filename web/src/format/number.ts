// Numbers as Persian readers read them: Persian digits and grouping.

const grouped = new Intl.NumberFormat("fa-IR");
const plain = new Intl.NumberFormat("fa-IR", { useGrouping: false });

/** `1234` → «۱٬۲۳۴». */
export function formatNumber(value: number): string {
  return grouped.format(value);
}

/** Digits only, no grouping: years, ids, codes. `1404` → «۱۴۰۴». */
export function formatDigits(value: number): string {
  return plain.format(value);
}

// Persian (U+06F0..U+06F9) and Arabic-Indic (U+0660..U+0669) digits, as typed on
// Persian and Arabic keyboards; written as escapes because only i18n/ holds Persian text.
const EASTERN_DIGITS = /[\u06F0-\u06F9\u0660-\u0669]/g;

/** Persian and Arabic-Indic digits as ASCII digits; everything else unchanged. `۱۲3` → `123`. */
export function asciiDigits(text: string): string {
  // Both blocks start at a code point ending in 0 (U+06F0, U+0660): the low four bits are the value.
  return text.replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
}

// Grouping marks people type or paste: the Arabic thousands separator (U+066C),
// the Arabic comma (U+060C), a Latin comma, spaces.
const GROUPING = /[\u066C\u060C,\s]/g;

/**
 * A whole number typed in any digits, grouping marks allowed: `۱٬۲۰۰` → 1200.
 * Null for anything else (empty, a sign, a fraction, letters, past 2^53).
 */
export function parseWholeNumber(text: string): number | null {
  const digits = asciiDigits(text).replace(GROUPING, "");
  if (!/^[0-9]+$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}
