// The daily report: on or off, and its hour in Tehran time. A change is saved
// at once (not on the panel's "save": the schedule is not node data), and
// the controls wait while it is saved so two changes never race.
import { useId, useState } from "react";
import { setAnalyzerSchedule } from "../../../api/analyzers";
import type { AnalyzerSchedule, AnalyzerScheduleRequest } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./AnalyzerPanel.module.css";
import { HOUR_OPTIONS, nextReportText } from "./reports";

const t = fa.nodes.analyzer.reports.schedule;

type Props = {
  id: number;
  schedule: AnalyzerSchedule;
  onSaved: (schedule: AnalyzerSchedule) => void;
};

export function ReportSchedule({ id, schedule, onSaved }: Props) {
  const [saving, setSaving] = useState<AnalyzerScheduleRequest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const dailyId = useId();
  const hourId = useId();
  // What is being saved shows at once; the server's answer replaces it.
  const shown = saving ?? schedule;

  const save = async (next: AnalyzerScheduleRequest) => {
    setSaving(next);
    setProblem(null);
    try {
      onSaved(await setAnalyzerSchedule(id, next));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setSaving(null);
    }
  };

  const next = saving ? t.saving : nextReportText(schedule);
  return (
    <fieldset className={styles.group} data-testid="analyzer-schedule" aria-busy={saving !== null}>
      <legend>{t.title}</legend>
      <div className={fieldStyles.check}>
        <input
          id={dailyId}
          name="daily"
          type="checkbox"
          checked={shown.daily}
          disabled={saving !== null}
          onChange={(event) => void save({ daily: event.target.checked, hour: shown.hour })}
        />
        <label htmlFor={dailyId}>{t.daily}</label>
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor={hourId} className={fieldStyles.label}>
          {t.hour}
        </label>
        <select
          id={hourId}
          name="hour"
          className={fieldStyles.input}
          value={String(shown.hour)}
          disabled={saving !== null}
          onChange={(event) => void save({ daily: shown.daily, hour: Number(event.target.value) })}
        >
          {HOUR_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <p className={styles.note} role="status" data-testid="analyzer-next-report">
        {next}
      </p>
      {problem && (
        <p className={fieldStyles.error} role="alert" data-testid="analyzer-schedule-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
