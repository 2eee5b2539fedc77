// A scheduler's or trigger's runs in its settings panel: the on/off switch,
// the next run in Jalali time with the time left, how many times it ran (of
// its limit), "run now" and the history. These act on the server at once,
// not on the panel's "save". The history is asked again every few seconds
// while the panel is open, and the node read again when the engine moved on,
// so the card and the panel stay true.
import { useSetAtom, useStore } from "jotai";
import { useEffect, useRef, useState } from "react";
import type { ScheduledKind } from "../../../api/schedules";
import type { RunView } from "../../../api/types";
import { formatJalaliDate } from "../../../format/date";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { findNode } from "../../../state/canvas/graph";
import { followHistoryAtom } from "../../../state/schedules";
import fieldStyles from "../../panels/fields/fields.module.css";
import { databaseId } from "../../model";
import { Countdown } from "./Countdown";
import { jalaliDateTime, zoneText } from "./jalali";
import { RunList } from "./RunList";
import { RunNow } from "./RunNow";
import { runCountText, withRun } from "./runs";
import type { ScheduleData } from "./schedule";
import styles from "./Schedule.module.css";
import { ScheduleSwitch } from "./ScheduleSwitch";
import type { SavedSchedule } from "./useSavedSchedule";
import { useRunHistory } from "./useRunHistory";

const t = fa.nodes.scheduler.runs;

/** What the section needs of the panel's form: a draft with edits must not save a stale on/off. */
type Form = { nodeId: string; dirty: boolean; update: (patch: { isActive: boolean }) => void };

type Props = { kind: ScheduledKind; form: Form; saved: SavedSchedule | undefined };

export function ScheduleRuns({ kind, form, saved }: Props) {
  const { nodeId } = form;
  const dbId = databaseId(nodeId);
  const store = useStore();
  const followHistory = useSetAtom(followHistoryAtom);
  const { answer, again } = useRunHistory(kind, dbId);
  // The run "run now" made, shown until the history lists it, and the runs shown open.
  const [ran, setRan] = useState<RunView | null>(null);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  // Read after an await: whether the draft has edits of its own by then.
  const dirty = useRef(form.dirty);
  useEffect(() => {
    dirty.current = form.dirty;
  });
  const { update } = form;
  const keepDraft = (isActive: boolean) => {
    if (dirty.current) update({ isActive });
  };

  const history = answer.status === "ready" ? answer.value : answer.status === "loading" ? answer.previous : undefined;
  const fresh = answer.status === "ready" ? answer.value : undefined;
  useEffect(() => {
    if (!fresh) return;
    void followHistory(nodeId, fresh).then((moved) => {
      const data = findNode(store.get(nodesAtom), nodeId)?.data as ScheduleData | undefined;
      if (moved && data && dirty.current) update({ isActive: data.isActive });
    });
  }, [fresh, followHistory, nodeId, store, update]);

  if (dbId === null || !saved) {
    return (
      <section className={styles.section} aria-label={t.title}>
        <h3 className={styles.title}>{t.title}</h3>
        <p className={fieldStyles.hint}>{t.unsaved}</p>
      </section>
    );
  }

  const toggle = (runId: number) =>
    setOpen((ids) => {
      const next = new Set(ids);
      if (!next.delete(runId)) next.add(runId);
      return next;
    });
  const runs = history ? (ran ? withRun(history.runs, ran) : history.runs) : [];
  const loading = answer.status === "loading";

  return (
    <section className={styles.section} aria-label={t.title} data-testid="schedule-runs">
      <div className={styles.head}>
        <h3 className={styles.title}>{t.title}</h3>
        <ScheduleSwitch nodeId={nodeId} isActive={saved.isActive} variant="panel" onSwitched={keepDraft} />
      </div>
      <dl className={styles.facts}>
        <dt>{t.nextRun}</dt>
        <dd data-fact="nextRun">
          <NextRun nodeId={nodeId} saved={saved} onDue={again} />
        </dd>
        <dt>{t.count}</dt>
        <dd data-fact="currentRuns">{runCountText(saved.currentRuns, saved.maxRuns)}</dd>
        {kind === "trigger" && (
          <>
            <dt>{fa.nodes.trigger.lastRunTime}</dt>
            <dd data-fact="lastRunTime">
              {saved.lastRunTime
                ? formatJalaliDate(saved.lastRunTime, { timeZone: saved.timezone, withTime: true })
                : fa.nodes.trigger.neverRan}
            </dd>
          </>
        )}
      </dl>
      <RunNow
        kind={kind}
        id={dbId}
        onRun={(run) => {
          setRan(run);
          // It is what the person asked to see.
          setOpen((ids) => new Set(ids).add(run.id));
          again();
        }}
      />
      <div className={styles.head}>
        <h4 className={styles.subtitle}>{t.history.title}</h4>
        <button type="button" className="button button-quiet" disabled={loading} onClick={again} data-testid="schedule-runs-refresh">
          {loading ? t.history.refreshing : t.history.refresh}
        </button>
      </div>
      {answer.status === "failed" ? (
        <p className={fieldStyles.error} role="alert" data-testid="schedule-runs-error">
          {answer.message}
        </p>
      ) : !history ? (
        <p className={fieldStyles.hint} role="status">
          {t.history.loading}
        </p>
      ) : (
        <RunList runs={runs} timezone={saved.timezone} open={open} onToggle={toggle} />
      )}
    </section>
  );
}

/** The next run with its weekday and zone, and the time left; or why there is none. */
function NextRun({ nodeId, saved, onDue }: { nodeId: string; saved: ScheduleData; onDue: () => void }) {
  if (!saved.isActive) return <span data-testid="schedule-next-run-none">{t.offNote}</span>;
  if (!saved.nextRunTime) return <span data-testid="schedule-next-run-none">{t.noNextRun}</span>;
  return (
    <>
      <time dateTime={saved.nextRunTime} data-testid="schedule-next-run">
        {jalaliDateTime(saved.nextRunTime, saved.timezone, { weekday: true })}
      </time>
      <span className={styles.note}>{zoneText(saved.timezone)}</span>
      <Countdown nodeId={nodeId} at={saved.nextRunTime} onDue={onDue} />
    </>
  );
}
