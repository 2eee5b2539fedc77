// "Run now": a scheduler calls its request, a trigger sends its message (or
// a test message typed here) to its assistant, outside the schedule and not
// counted. A trigger waits on the model for seconds, so the wait shows; how
// it went is said in Persian, and the run comes into the history, open.
import { useState } from "react";
import { runSchedulerNow, testTrigger, type ScheduledKind } from "../../../api/schedules";
import type { RunView } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import { TextArea } from "../../panels/fields/TextArea";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./Schedule.module.css";

const t = fa.nodes.scheduler.runs.now;

type Outcome = { ok: true; text: string } | { ok: false; text: string; details: string | null };

type Props = {
  kind: ScheduledKind;
  /** The node's database id. */
  id: number;
  onRun: (run: RunView) => void;
};

async function runNow(kind: ScheduledKind, id: number, testMessage: string): Promise<{ outcome: Outcome; run: RunView }> {
  if (kind === "scheduler") {
    const run = await runSchedulerNow(id);
    const outcome: Outcome =
      run.state === "succeeded" ? { ok: true, text: t.done } : { ok: false, text: t.failed, details: run.error ?? null };
    return { outcome, run };
  }
  // A blank test message is left out: the node's own message goes.
  const tested = await testTrigger(id, testMessage.trim() === "" ? undefined : testMessage);
  const outcome: Outcome =
    tested.status === "success"
      ? { ok: true, text: tested.message }
      : { ok: false, text: tested.message, details: tested.error_details ?? null };
  return { outcome, run: tested.run };
}

export function RunNow({ kind, id, onRun }: Props) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [testMessage, setTestMessage] = useState("");

  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const ran = await runNow(kind, id, testMessage);
      setOutcome(ran.outcome);
      onRun(ran.run);
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error), details: null });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.group} aria-busy={busy}>
      {kind === "trigger" && (
        <TextArea
          label={fa.nodes.trigger.testMessage}
          name="testMessage"
          rows={2}
          autoDir
          value={testMessage}
          hint={fa.nodes.trigger.testMessageHint}
          onChange={setTestMessage}
        />
      )}
      <div>
        <button type="button" className="button" disabled={busy} onClick={() => void run()} data-testid="schedule-run-now">
          {busy ? t.working : t.button}
        </button>
      </div>
      {busy ? (
        <>
          <progress className={styles.progress} aria-label={t.working} data-testid="schedule-run-now-progress" />
          {kind === "trigger" && (
            <p className={styles.note} role="status">
              {t.wait}
            </p>
          )}
        </>
      ) : (
        !outcome && <p className={styles.note}>{fa.nodes[kind].runNowHint}</p>
      )}
      {outcome?.ok === true && (
        <p className={styles.ok} role="status" data-testid="schedule-run-now-done">
          {outcome.text}
        </p>
      )}
      {outcome?.ok === false && (
        <div className={fieldStyles.error} role="alert" data-testid="schedule-run-now-error">
          <p className={fieldStyles.error}>{outcome.text}</p>
          {outcome.details && <p className={fieldStyles.error}>{outcome.details}</p>}
        </div>
      )}
    </div>
  );
}
