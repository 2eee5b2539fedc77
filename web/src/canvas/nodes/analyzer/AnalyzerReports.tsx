// The analyzer's reports in its settings panel: what it reads and where its
// reports go, the daily schedule, "report now" and the past reports. These
// act on the server at once, not on the panel's "save". The overview is asked
// when the panel opens, again when the analyzer's edges change (a container
// or bot joined or taken away), on "refresh" and after each change made here.
import { canvasId } from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo, useState } from "react";
import { analyzerOverview } from "../../../api/analyzers";
import type { AnalyzerReport } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { edgesAtom, nodesAtom } from "../../../state/canvas";
import { edgesOf, findNode } from "../../../state/canvas/graph";
import { databaseId } from "../../model";
import { Facts } from "../../panels/fields/Facts";
import fieldStyles from "../../panels/fields/fields.module.css";
import { useAnswer } from "../../panels/useAnswer";
import styles from "./AnalyzerPanel.module.css";
import { ReportList } from "./ReportList";
import { ReportNow } from "./ReportNow";
import { ReportSchedule } from "./ReportSchedule";
import { NO_CHANGES, reachFacts, withChanges, withReport, type Changes } from "./reports";

const t = fa.nodes.analyzer.reports;

/**
 * What the panel holds of its own: which ask of the overview it is at, what
 * it changed on the server, and the ask from which answers include those
 * changes (earlier answers get them laid over).
 */
type Local = { attempt: number; changes: Changes; changedAt: number };

export function AnalyzerReports({ nodeId }: { nodeId: string }) {
  const dbId = databaseId(nodeId);
  const edgesKeyAtom = useMemo(
    () =>
      selectAtom(edgesAtom, (edges) =>
        edgesOf(edges, nodeId)
          .map((e) => e.id)
          .sort()
          .join(" "),
      ),
    [nodeId],
  );
  const edgesKey = useAtomValue(edgesKeyAtom);
  const [local, setLocal] = useState<Local>({ attempt: 0, changes: NO_CHANGES, changedAt: 0 });
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const answer = useAnswer(dbId, `${edgesKey}|${local.attempt}`, analyzerOverview);

  const fetched = answer.status === "ready" ? answer.value : answer.status === "loading" ? answer.previous : undefined;
  // An answer to an ask made after the last change already has it.
  const settled = answer.status === "ready" && local.attempt >= local.changedAt;
  const overview = fetched && (settled ? fetched : withChanges(fetched, local.changes));

  const botId = overview?.bot_node_id ?? null;
  const botNameAtom = useMemo(
    () =>
      selectAtom(nodesAtom, (nodes) => {
        if (botId === null) return null;
        const label = findNode(nodes, canvasId("telegram", botId))?.data.label;
        return typeof label === "string" ? label : null;
      }),
    [botId],
  );
  const botName = useAtomValue(botNameAtom);

  const again = () => setLocal((l) => ({ ...l, attempt: l.attempt + 1 }));
  /** Lays a change over the overview and asks the server again. */
  const learn = (change: (changes: Changes) => Changes) =>
    setLocal((l) => ({ attempt: l.attempt + 1, changes: change(l.changes), changedAt: l.attempt + 1 }));
  const learnReport = (report: AnalyzerReport) => learn((c) => withReport(c, report));
  const toggle = (reportId: number) =>
    setOpen((ids) => {
      const next = new Set(ids);
      if (!next.delete(reportId)) next.add(reportId);
      return next;
    });

  if (dbId === null) {
    return (
      <section className={styles.section} aria-label={t.title}>
        <h3 className={styles.title}>{t.title}</h3>
        <p className={fieldStyles.hint}>{t.unsaved}</p>
      </section>
    );
  }

  const loading = answer.status === "loading";
  return (
    <section className={styles.section} aria-label={t.title} aria-busy={loading} data-testid="analyzer-reports">
      <div className={styles.head}>
        <h3 className={styles.title}>{t.title}</h3>
        <button type="button" className="button button-quiet" disabled={loading} onClick={again} data-testid="analyzer-refresh">
          {loading ? t.refreshing : t.refresh}
        </button>
      </div>
      {answer.status === "failed" ? (
        <p className={fieldStyles.error} role="alert" data-testid="analyzer-reports-error">
          {answer.message}
        </p>
      ) : !overview ? (
        <p className={fieldStyles.hint} role="status">
          {t.loading}
        </p>
      ) : (
        <>
          <Facts title={t.reach.title} facts={reachFacts(overview, botName)} />
          <ReportSchedule
            id={dbId}
            schedule={overview.schedule}
            onSaved={(schedule) => learn((c) => ({ ...c, schedule }))}
          />
          <ReportNow
            id={dbId}
            onReport={(report) => {
              learnReport(report);
              // A new report opens: it is what the person asked to read.
              setOpen((ids) => new Set(ids).add(report.id));
            }}
            onStale={again}
          />
          <ReportList id={dbId} reports={overview.reports} open={open} onToggle={toggle} onReport={learnReport} />
        </>
      )}
    </section>
  );
}
