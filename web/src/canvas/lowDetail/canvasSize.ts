// A layer's <canvas> sized to `width` × `height` CSS pixels at `dpr` device
// pixels each. Setting a canvas's size clears it, so an unchanged size is
// left alone.
export function sizeCanvas(canvas: HTMLCanvasElement, width: number, height: number, dpr: number): void {
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  if (canvas.width === w && canvas.height === h) return;
  canvas.width = w;
  canvas.height = h;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
}
