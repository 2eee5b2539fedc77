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
