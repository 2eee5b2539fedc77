// A scheduler's or trigger's history while its panel is open: asked when it
// opens, again a few seconds after each answer (runs fire on their own), and
// at once on demand (after a run now, or when a countdown reaches zero).
import { useCallback, useEffect, useState } from "react";
import { runHistory, type ScheduledKind } from "../../../api/schedules";
import type { RunHistory } from "../../../api/types";
import { useAnswer, type Answer } from "../../panels/useAnswer";

/** How long after one ask the history is asked again. */
export const POLL_MS = 5_000;

export function useRunHistory(kind: ScheduledKind, id: number | null): { answer: Answer<RunHistory>; again: () => void } {
  const [attempt, setAttempt] = useState(0);
  const load = useCallback((id: number, signal: AbortSignal) => runHistory(kind, id, signal), [kind]);
  const answer = useAnswer(id, String(attempt), load);
  // Counted from each ask, so an ask on demand puts the next one off.
  useEffect(() => {
    if (id === null) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [id, attempt]);
  const again = useCallback(() => setAttempt((n) => n + 1), []);
  return { answer, again };
}
