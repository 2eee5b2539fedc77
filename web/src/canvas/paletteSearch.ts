// The palette's search: a kind matches when every word typed is in its name
// or its one-line purpose, both sides read through core's Persian
// normaliser, so Arabic ي and ك, half-spaces and Persian digits match.
import { normalizeText as normalise, type KindInfo, type NodeKind } from "@dastyar/rules";
import { fa } from "../i18n/fa";
import { KINDS } from "./kinds";

/** The half-space core's normaliser keeps between letters. */
const HALF_SPACE = /\u200c/g;

/**
 * Text as the search compares it: core's normal form, without its
 * half-spaces, which people often leave out («زمانبند» for «زمان‌بند»).
 */
function normalizeText(text: string): string {
  return normalise(text).replace(HALF_SPACE, "");
}

export type PaletteEntry = { kind: NodeKind; label: string; purpose: string; haystack: string };

export const PALETTE: readonly PaletteEntry[] = KINDS.map((k: KindInfo) => {
  const purpose = fa.palette.purpose[k.kind];
  return { kind: k.kind, label: k.label, purpose, haystack: normalizeText(`${k.label} ${purpose} ${k.kind}`) };
});

/** The palette's entries matching `query` (all of them for an empty one), in the palette's order. */
export function searchPalette(query: string, entries: readonly PaletteEntry[] = PALETTE): readonly PaletteEntry[] {
  const words = normalizeText(query).split(" ").filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((e) => words.every((w) => e.haystack.includes(w)));
}
