// A module the page will soon need, fetched while the browser has nothing
// else to do: `afterMs` after the canvas draws (clear of its first paint and
// the moments after it), then at the browser's next idle time. The first
// settings panel then opens at once instead of waiting for its rules.

/** Asks for `load` once the page has been up `afterMs` and the browser is idle; answers a cancel. */
export function prefetchWhenIdle(load: () => Promise<unknown>, afterMs: number): () => void {
  let idle: number | null = null;
  const fetchNow = () => void load().catch(() => {}); // a failed prefetch is fetched again when needed
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === "function") idle = requestIdleCallback(fetchNow, { timeout: afterMs });
    else fetchNow();
  }, afterMs);
  return () => {
    clearTimeout(timer);
    if (idle !== null) cancelIdleCallback(idle);
  };
}
