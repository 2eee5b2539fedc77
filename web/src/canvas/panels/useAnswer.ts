// One server answer a settings panel shows (a bot's status, an analyzer's reports),
// asked again whenever `request` changes.
import { useEffect, useState } from "react";
import { errorText } from "../../state/notifications";

export type Answer<T> =
  /** Asking; `previous` is the last answer, still shown while a refresh runs. */
  | { status: "loading"; previous?: T }
  | { status: "ready"; value: T }
  /** The server's Persian message (or the catalogue's, never an English one). */
  | { status: "failed"; message: string };

/**
 * Asks `load(id)` for node `id` each time `request` (a string naming what is
 * asked, with a counter for "ask again") changes; nothing while `id` is null.
 * Each answer is kept with the request it answers, so a late answer to an
 * earlier request is never shown, and the effect sets state only when one
 * arrives.
 */
export function useAnswer<T>(
  id: number | null,
  request: string,
  load: (id: number, signal: AbortSignal) => Promise<T>,
): Answer<T> {
  const [answer, setAnswer] = useState<{ request: string; result: Answer<T> } | null>(null);

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    load(id, controller.signal).then(
      (value) => setAnswer({ request, result: { status: "ready", value } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ request, result: { status: "failed", message: errorText(error) } });
      },
    );
    return () => controller.abort();
  }, [id, request, load]);

  if (answer?.request === request) return answer.result;
  return answer?.result.status === "ready" ? { status: "loading", previous: answer.result.value } : { status: "loading" };
}
