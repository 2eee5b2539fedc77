// The DOM view's render window (issue #17): at or above the low-detail zoom
// React Flow mounts the cards of the nodes inside the view plus one screen of
// margin each side, not only those on screen. The window is worked out again
// only once the view leaves its inner part (the view it was made for plus half
// a screen each side), or the view has shrunk to under half of that view (a
// zoom in): so a pan of up to half a screen mounts and unmounts nothing, and a
// longer one mounts a batch at once instead of a few cards at every frame.
import type { Box } from "../lowDetail/detailLevel";

/** Screens of margin around the view whose nodes are rendered. */
export const MARGIN_SCREENS = 1;
/** Screens the view may move from where the window was made before it is made again. */
export const SLACK_SCREENS = MARGIN_SCREENS / 2;

export type RenderWindow = {
  /** The flow area whose nodes are rendered. */
  area: Box;
  /** The view the window stays for while it moves inside this. */
  inner: Box;
  /** The view it was made for. */
  view: Box;
};

/** `box` grown by `screens` of its own width and height on each side. */
export function grown(box: Box, screens: number): Box {
  const dx = box.width * screens;
  const dy = box.height * screens;
  return { x: box.x - dx, y: box.y - dy, width: box.width + 2 * dx, height: box.height + 2 * dy };
}

export function contains(outer: Box, inner: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** The window for `view`. */
export function windowAround(view: Box): RenderWindow {
  return { area: grown(view, MARGIN_SCREENS), inner: grown(view, SLACK_SCREENS), view };
}

/** Whether the window made for `made` still does for `now` (see the top of this file). */
export function stillServes(made: Box, now: Box): boolean {
  return contains(grown(made, SLACK_SCREENS), now) && now.width * 2 >= made.width && now.height * 2 >= made.height;
}
