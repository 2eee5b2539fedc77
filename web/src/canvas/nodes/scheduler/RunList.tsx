// A scheduler's or trigger's runs, newest first: when each was due (Jalali,
// in the node's zone), who asked, how it ended with a clear mark, why it
// failed in Persian, and what it did behind a toggle so the list stays short.
import { useId } from "react";
import type { RunView } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import styles from "./Schedule.module.css";
import { jalaliDateTime } from "./jalali";
import { outcomeOf, outcomeSummary } from "./outcome";
import { RunOutcome } from "./RunOutcome";
import { requestedByText, runStateOf, type RunState } from "./runs";

const t = fa.nodes.scheduler.runs.history;

/** A mark beside each state's word, so success and failure read at a glance. */
const MARKS: Record<RunState, string> = { succeeded: "✓", failed: "✗", running: "…" };

type Props = {
  runs: readonly RunView[];
  timezone: string;
  /** Runs whose outcome is shown. */
  open: ReadonlySet<number>;
  onToggle: (runId: number) => void;
};

export function RunList({ runs, timezone, open, onToggle }: Props) {
  if (runs.length === 0) {
    return (
      <p className={styles.note} data-testid="schedule-runs-empty">
        {t.empty}
      </p>
    );
  }
  return (
    <ol className={styles.runs} aria-label={t.label}>
      {runs.map((run) => (
        <RunItem key={run.id} run={run} timezone={timezone} open={open.has(run.id)} onToggle={() => onToggle(run.id)} />
      ))}
    </ol>
  );
}

function RunItem({ run, timezone, open, onToggle }: { run: RunView; timezone: string; open: boolean; onToggle: () => void }) {
  const outcomeId = useId();
  const state = runStateOf(run);
  const outcome = outcomeOf(run.outcome);
  const summary = outcomeSummary(outcome);
  return (
    <li
      className={styles.run}
      data-testid="schedule-run"
      data-run-id={run.id}
      data-state={state}
      data-requested-by={run.requested_by}
    >
      <div className={styles.runHead}>
        <time dateTime={run.due_at} data-testid="schedule-run-due">
          {jalaliDateTime(run.due_at, timezone)}
        </time>
        <span className={styles.badge} data-testid="schedule-run-by">
          {requestedByText(run.requested_by)}
        </span>
      </div>
      <div className={styles.meta}>
        <span className={styles.mark} data-testid="schedule-run-state">
          <span aria-hidden="true">{MARKS[state]} </span>
          {t.states[state]}
        </span>
        {summary && <span data-testid="schedule-run-summary">{summary}</span>}
        {run.missed > 0 && <span>{t.missed(run.missed)}</span>}
        {run.attempts > 1 && <span>{t.attempts(run.attempts)}</span>}
      </div>
      {run.error && (
        <p className={styles.reason} data-testid="schedule-run-error">
          {run.error}
        </p>
      )}
      <button
        type="button"
        className={`button button-quiet ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={open ? outcomeId : undefined}
        onClick={onToggle}
        data-testid="schedule-run-toggle"
      >
        {open ? t.hide : t.show}
      </button>
      {open && <RunOutcome outcome={outcome} id={outcomeId} />}
    </li>
  );
}
