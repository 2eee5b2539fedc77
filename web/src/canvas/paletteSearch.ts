// The palette's search: a kind matches when every word typed is in its name
// or its one-line purpose, both sides read through core's Persian
// normaliser, so Arabic ي and ك, half-spaces and Persian digits match. The
// normaliser is the lazy rules' (lazyRules.ts): the palette asks for them
// when its search box is first used.
import type { KindInfo, NodeKind } from "@dastyar/rules";
import { fa } from "../i18n/fa";
import { KINDS } from "./kinds";
import type { LazyRules } from "./lazyRules";

/** The half-space core's normaliser keeps between letters. */
const HALF_SPACE = /\u200c/g;

export type PaletteEntry = { kind: NodeKind; label: string; purpose: string };

export const PALETTE: readonly PaletteEntry[] = KINDS.map((k: KindInfo) => ({
  kind: k.kind,
  label: k.label,
  purpose: fa.palette.purpose[k.kind],
}));

export type PaletteSearch = (query: string) => readonly PaletteEntry[];

/**
 * The search over `entries` with core's normaliser, each entry read once: it
 * answers the entries matching a query (all of them for an empty one), in
 * the palette's order.
 */
export function paletteSearch(
  normalise: LazyRules["normalizeText"],
  entries: readonly PaletteEntry[] = PALETTE,
): PaletteSearch {
  // Core's normal form without its half-spaces, which people often leave out («زمانبند» for «زمان‌بند»).
  const fold = (text: string) => normalise(text).replace(HALF_SPACE, "");
  const haystacks = entries.map((e) => fold(`${e.label} ${e.purpose} ${e.kind}`));
  return (query) => {
    const words = fold(query).split(" ").filter(Boolean);
    if (words.length === 0) return entries;
    return entries.filter((_, i) => words.every((w) => haystacks[i].includes(w)));
  };
}
