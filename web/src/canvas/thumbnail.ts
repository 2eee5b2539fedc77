// The project's thumbnail (spec §3): the whole workflow drawn into a 400x300
// PNG on #111827 with 10 px padding, as React Flow's image export does it.
// html-to-image is fetched when a thumbnail is first taken, not with the
// canvas's first paint.
import { constants } from "@dastyar/rules";
import { getNodesBounds, getViewportForBounds, type Node } from "@xyflow/react";

const { thumbnailWidth, thumbnailHeight, thumbnailBackground, thumbnailPadding } = constants();

/** A `data:image/png;base64,...` picture of the nodes, from the flow's viewport element. */
export async function captureThumbnail(viewport: HTMLElement, nodes: Node[]): Promise<string> {
  const inner = { width: thumbnailWidth - 2 * thumbnailPadding, height: thumbnailHeight - 2 * thumbnailPadding };
  const bounds = getNodesBounds(nodes);
  const fit = getViewportForBounds(bounds, inner.width, inner.height, 0.05, 2, 0);
  const { toPng } = await import("html-to-image");
  return toPng(viewport, {
    backgroundColor: thumbnailBackground,
    width: thumbnailWidth,
    height: thumbnailHeight,
    pixelRatio: 1,
    style: {
      width: `${thumbnailWidth}px`,
      height: `${thumbnailHeight}px`,
      transform: `translate(${fit.x + thumbnailPadding}px, ${fit.y + thumbnailPadding}px) scale(${fit.zoom})`,
    },
  });
}
