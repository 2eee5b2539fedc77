// The time now, to the second, for the countdowns: one timer for the whole
// page, running only while some component reads it, so a ticking countdown
// re-renders itself and nothing else.
import { atom } from "jotai";

/** How often the clock moves. */
export const TICK_MS = 1_000;

/** The last tick; null before the first. */
const tickAtom = atom<number | null>(null);

tickAtom.onMount = (set) => {
  // It may have stood still since the last reader left.
  set(Date.now());
  const timer = setInterval(() => set(Date.now()), TICK_MS);
  return () => clearInterval(timer);
};

/**
 * Milliseconds since the epoch, as of the last tick (read fresh before the
 * first). Setting it moves the clock by hand, as a test would.
 */
export const clockAtom = atom(
  (get) => get(tickAtom) ?? Date.now(),
  (_get, set, now: number) => set(tickAtom, now),
);
