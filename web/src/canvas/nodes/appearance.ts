// How each kind looks on the canvas: its glyph and accent colour. Each kind's
// index.ts hands its own to the registry; the table stays here, apart from the
// cards, so that NodeShell (which every card renders) and the palette read it
// without importing the registry, which imports every card.
import type { NodeKind } from "@dastyar/rules";

export type Appearance = { glyph: string; accent: string };

export const APPEARANCE: Record<NodeKind, Appearance> = {
  assistant: { glyph: "✦", accent: "#60a5fa" },
  analyzer: { glyph: "◎", accent: "#a78bfa" },
  vectorstore: { glyph: "▦", accent: "#34d399" },
  filedb: { glyph: "▤", accent: "#2dd4bf" },
  filerepository: { glyph: "▥", accent: "#22d3ee" },
  googledoc: { glyph: "▯", accent: "#4ade80" },
  googlesheet: { glyph: "▩", accent: "#86efac" },
  function: { glyph: "ƒ", accent: "#fbbf24" },
  telegram: { glyph: "➤", accent: "#38bdf8" },
  apidefinition: { glyph: "⌘", accent: "#f472b6" },
  request: { glyph: "⇄", accent: "#fb7185" },
  scheduler: { glyph: "◷", accent: "#facc15" },
  trigger: { glyph: "⚡", accent: "#f97316" },
  sms: { glyph: "✉", accent: "#c084fc" },
  iframe: { glyph: "▣", accent: "#818cf8" },
  wordpress: { glyph: "W", accent: "#93c5fd" },
  container: { glyph: "▢", accent: "#94a3b8" },
  testframe: { glyph: "✎", accent: "#e879f9" },
  instruction: { glyph: "¶", accent: "#cbd5e1" },
};
