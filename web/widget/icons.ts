// Inline SVG icons (24×24 paths, filled with the text colour), built as nodes.

const NS = "http://www.w3.org/2000/svg";

export const CHAT =
  "M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-4.3 3.6A.5.5 0 0 1 3 21.2V5a2 2 0 0 1 1-2zm3 6v2h10V9zm0 4v2h7v-2z";
export const CLOSE =
  "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z";
export const PLUS = "M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z";
// Points left: the way a message leaves in a right-to-left page.
export const SEND = "M21 3.5 2.8 11.3a.8.8 0 0 0 0 1.4L21 20.5l-2.6-8.5z";

export function icon(path: string, className?: string): SVGSVGElement {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  if (className) svg.setAttribute("class", className);
  const p = document.createElementNS(NS, "path");
  p.setAttribute("d", path);
  svg.append(p);
  return svg;
}
