// Numbers as Persian readers read them: Persian digits and grouping.
import { asciiDigits } from "@dastyar/rules";

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
