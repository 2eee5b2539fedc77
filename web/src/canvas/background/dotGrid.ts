// Where the dot grid's layer sits for a view: the layer is a tile wider
// and taller than the pane each side and is only shifted, by less than one
// tile, as the view pans, so a pan moves a finished picture instead of
// painting the dots again.

/** The grid's spacing in flow units (React Flow's `<Background gap>` we used before). */
export const GRID_GAP = 22;

/**
 * The layer's shift (px, in [-step, 0)) for a view translated by `t` px, with
 * tiles of `step` px whose dot sits in the tile's middle: the dots then land
 * on the flow's multiples of the gap.
 */
export function gridShift(t: number, step: number): number {
  const r = (t - step / 2) % step;
  return (r < 0 ? r + step : r) - step;
}
