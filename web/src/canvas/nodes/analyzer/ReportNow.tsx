// "Report now": the server reads what was said since the last report and asks
// the model, which takes seconds, so the wait shows. Nothing new to report is
// news, not an alarm; a missing container, credits or a failing model are
// problems, in the server's Persian words.
import { useState } from "react";
import { reportNow } from "../../../api/analyzers";
import type { AnalyzerReport } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { Link } from "../../../router/Link";
import { paths } from "../../../router/paths";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./AnalyzerPanel.module.css";
import { reportProblem } from "./reports";

const t = fa.nodes.analyzer.reports.now;

type Outcome = { kind: "done" } | ReturnType<typeof reportProblem>;

type Props = {
  id: number;
  onReport: (report: AnalyzerReport) => void;
  /** After a failure that may mean the panel's view is old (what the analyzer reads changed). */
  onStale: () => void;
};

export function ReportNow({ id, onReport, onStale }: Props) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      onReport(await reportNow(id));
      setOutcome({ kind: "done" });
    } catch (error) {
      const problem = reportProblem(error);
      setOutcome(problem);
      if (problem.kind === "alarm") onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.section} aria-busy={busy}>
      <div className={styles.row}>
        <button type="button" className="button" disabled={busy} onClick={() => void run()} data-testid="analyzer-report-now">
          {busy ? t.working : t.button}
        </button>
      </div>
      {busy ? (
        <>
          <progress className={styles.progress} aria-label={t.working} data-testid="analyzer-report-progress" />
          <p className={styles.note} role="status">
            {t.wait}
          </p>
        </>
      ) : (
        !outcome && <p className={styles.note}>{t.hint}</p>
      )}
      {outcome?.kind === "done" && (
        <p className={styles.ok} role="status" data-testid="analyzer-report-done">
          {t.done}
        </p>
      )}
      {outcome?.kind === "info" && (
        <p className={styles.info} role="status" data-testid="analyzer-report-info">
          {outcome.text}
        </p>
      )}
      {outcome?.kind === "alarm" && (
        <p className={fieldStyles.error} role="alert" data-testid="analyzer-report-error">
          {outcome.text}{" "}
          {outcome.buyCredits && <Link to={paths.subscription}>{t.buyCredits}</Link>}
        </p>
      )}
    </div>
  );
}
