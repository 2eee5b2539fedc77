// The analyzer's past reports, newest first: when, who asked, what it read,
// what it cost, whether it reached Telegram (and why not, with "send
// again"), and its text behind a toggle so a long list stays short.
import { useId, useState } from "react";
import { sendReportAgain } from "../../../api/analyzers";
import type { AnalyzerReport } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./AnalyzerPanel.module.css";
import { ReportContent } from "./ReportContent";
import { deliveryOf, requestedByText, tehranTime } from "./reports";

const t = fa.nodes.analyzer.reports.list;

type Props = {
  id: number;
  reports: readonly AnalyzerReport[];
  /** Reports whose text is shown. */
  open: ReadonlySet<number>;
  onToggle: (reportId: number) => void;
  onReport: (report: AnalyzerReport) => void;
};

export function ReportList({ id, reports, open, onToggle, onReport }: Props) {
  return (
    <section className={styles.section} aria-label={t.title}>
      <h4 className={styles.subtitle}>{t.title}</h4>
      {reports.length === 0 ? (
        <p className={fieldStyles.hint} data-testid="analyzer-reports-empty">
          {t.empty}
        </p>
      ) : (
        <ol className={styles.reports} aria-label={t.label}>
          {reports.map((report) => (
            <ReportItem
              key={report.id}
              analyzerId={id}
              report={report}
              open={open.has(report.id)}
              onToggle={() => onToggle(report.id)}
              onReport={onReport}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

type ItemProps = {
  analyzerId: number;
  report: AnalyzerReport;
  open: boolean;
  onToggle: () => void;
  onReport: (report: AnalyzerReport) => void;
};

function ReportItem({ analyzerId, report, open, onToggle, onReport }: ItemProps) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const contentId = useId();
  const delivery = deliveryOf(report);

  const sendAgain = async () => {
    setSending(true);
    setProblem(null);
    try {
      onReport(await sendReportAgain(analyzerId, report.id));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <li className={styles.report} data-testid="analyzer-report" data-report-id={report.id} data-delivery={report.delivery}>
      <div className={styles.reportHead}>
        <time dateTime={report.created_at} data-testid="analyzer-report-date">
          {tehranTime(report.created_at)}
        </time>
        <span className={styles.badge} data-testid="analyzer-report-by">
          {requestedByText(report.requested_by)}
        </span>
      </div>
      <div className={styles.meta}>
        <span data-testid="analyzer-report-counts">{t.counts(report.conversations, report.messages)}</span>
        <span data-testid="analyzer-report-credits">{t.credits(report.credits)}</span>
        <span dir="ltr">{report.model}</span>
      </div>
      <div className={styles.delivery} data-state={report.delivery} data-testid="analyzer-report-delivery">
        <span className={styles.deliveryLabel} data-testid="analyzer-report-delivery-label">
          {delivery.label}
        </span>
        {delivery.reason && (
          <p className={styles.reason} data-testid="analyzer-report-reason">
            {delivery.reason}
          </p>
        )}
        {delivery.canSendAgain && (
          <button
            type="button"
            className="button button-quiet"
            disabled={sending}
            onClick={() => void sendAgain()}
            data-testid="analyzer-report-send"
          >
            {sending ? t.sendingAgain : t.sendAgain}
          </button>
        )}
        {problem && (
          <p className={`${fieldStyles.error} ${styles.reason}`} role="alert" data-testid="analyzer-report-send-error">
            {problem}
          </p>
        )}
      </div>
      <button
        type="button"
        className={`button button-quiet ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        onClick={onToggle}
        data-testid="analyzer-report-toggle"
      >
        {open ? t.hide : t.show}
      </button>
      {open && (
        <div id={contentId} className={styles.content} data-testid="analyzer-report-content">
          <ReportContent text={report.content} />
        </div>
      )}
    </li>
  );
}
