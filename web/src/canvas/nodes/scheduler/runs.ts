// A run's labels in the history (who asked, how it ended), the run count,
// and a run the panel made laid over the list the server last gave.
import type { RunView } from "../../../api/types";
import { fa } from "../../../i18n/fa";

const t = fa.nodes.scheduler.runs;

export type RunState = keyof typeof t.history.states;

/** How a run stands; a state this web app does not know yet reads as still running. */
export function runStateOf(run: Pick<RunView, "state">): RunState {
  return run.state === "succeeded" || run.state === "failed" ? run.state : "running";
}

/** Who asked for the run: its schedule, or a person ("run now"). */
export function requestedByText(requestedBy: string): string {
  return requestedBy === "user" ? t.history.requestedBy.user : t.history.requestedBy.schedule;
}

/** «۳ بار», or «۳ از ۱۰ بار» with a run limit. */
export function runCountText(current: number, max: number | undefined): string {
  return max == null ? t.counted(current) : t.countedOf(current, max);
}

/**
 * The history with a run the panel just made: first while the server's list
 * does not have it yet (it is the newest). Once listed, or pushed off the
 * list by newer runs, the server's list stands as it is.
 */
export function withRun(runs: readonly RunView[], run: RunView): readonly RunView[] {
  return runs.every((r) => r.id < run.id) ? [run, ...runs] : runs;
}
