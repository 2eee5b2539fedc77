// The flow area on screen, from React Flow's transform and the pane's size.
import type { Box } from "../lowDetail/detailLevel";

export function viewArea([x, y, zoom]: readonly [number, number, number], width: number, height: number): Box {
  return { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom };
}
