// WordPress ids (categories, tags, authors) as typed in the panel. The rules
// read them as i64, so only whole numbers may reach the node's data.
import { toNumber } from "../../panels/fields/NumberInput";

/** One id typed: unset, a whole number, or "invalid" (kept out of the data). */
export function idOf(typed: number | null): number | undefined | "invalid" {
  if (typed === null) return undefined;
  return Number.isSafeInteger(typed) ? typed : "invalid";
}

/** A list of ids typed (Latin or Persian digits), or "invalid" if any entry is not a whole number. */
export function idsOf(entries: readonly string[]): number[] | "invalid" {
  const ids: number[] = [];
  for (const entry of entries) {
    const n = toNumber(entry);
    if (n === null || !Number.isSafeInteger(n)) return "invalid";
    ids.push(n);
  }
  return ids;
}
