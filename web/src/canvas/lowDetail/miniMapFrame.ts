// The frame of the low-detail minimap, as React Flow's MiniMap works it out:
// the graph's bounds and the view on screen, together, fitted and centred in
// the minimap with a margin of a few minimap pixels.
import type { Box } from "./detailLevel";

/** Minimap pixels of margin around what is shown (React Flow's offsetScale). */
const MARGIN = 5;

/** Flow point (fx, fy) is drawn at ((fx - x) / scale, (fy - y) / scale) in the minimap. */
export type Frame = { x: number; y: number; scale: number };

export function miniMapFrame(bounds: Box | null, view: Box, size: { width: number; height: number }): Frame {
  const x1 = Math.min(view.x, bounds?.x ?? view.x);
  const y1 = Math.min(view.y, bounds?.y ?? view.y);
  const x2 = Math.max(view.x + view.width, bounds ? bounds.x + bounds.width : -Infinity);
  const y2 = Math.max(view.y + view.height, bounds ? bounds.y + bounds.height : -Infinity);
  // Flow units per minimap pixel: the union fitted, with MARGIN pixels to spare on every side.
  const scale = Math.max((x2 - x1) / (size.width - 2 * MARGIN), (y2 - y1) / (size.height - 2 * MARGIN));
  return { x: (x1 + x2) / 2 - (size.width / 2) * scale, y: (y1 + y2) / 2 - (size.height / 2) * scale, scale };
}
