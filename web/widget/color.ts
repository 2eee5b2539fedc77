// Text on the frame's own colour: white or near-black, whichever contrasts more
// (WCAG relative luminance and contrast ratio).

export const LIGHT_TEXT = "#ffffff";
export const DARK_TEXT = "#111111";

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb`, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The readable text colour on a `#rrggbb` background. */
export function textOn(background: string): string {
  const bg = luminance(background);
  return contrast(bg, luminance(LIGHT_TEXT)) >= contrast(bg, luminance(DARK_TEXT)) ? LIGHT_TEXT : DARK_TEXT;
}
