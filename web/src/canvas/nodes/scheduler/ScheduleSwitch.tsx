// The on/off switch of a scheduler or trigger, on its card and in its panel.
// It acts on the server at once (not on the panel's "save"); the node comes
// back as the server answers it. A refusal (a trigger whose message or
// assistant is not ready) is said in the server's Persian words: inline in
// the panel, as a notification from the card.
import { useAtomValue, useSetAtom } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo, useState, type MouseEvent } from "react";
import { fa } from "../../../i18n/fa";
import { notifyAtom } from "../../../state/notifications";
import { switchingSchedulesAtom, switchScheduleAtom } from "../../../state/schedules";
import fieldStyles from "../../panels/fields/fields.module.css";
import { databaseId } from "../../model";
import styles from "./Schedule.module.css";

const t = fa.nodes.scheduler;

type Props = {
  nodeId: string;
  isActive: boolean;
  variant: "card" | "panel";
  /** After the server switched it (the panel keeps its draft in step). */
  onSwitched?: (isActive: boolean) => void;
};

export function ScheduleSwitch({ nodeId, isActive, variant, onSwitched }: Props) {
  const switchSchedule = useSetAtom(switchScheduleAtom);
  const notify = useSetAtom(notifyAtom);
  // This node's flag only: other nodes switching re-render nothing here.
  const busyAtom = useMemo(() => selectAtom(switchingSchedulesAtom, (ids) => ids.has(nodeId)), [nodeId]);
  const busy = useAtomValue(busyAtom);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = databaseId(nodeId) !== null;

  const flip = async (event: MouseEvent) => {
    // On a card: neither select the node nor start a drag.
    event.stopPropagation();
    setProblem(null);
    const result = await switchSchedule(nodeId, !isActive);
    if (result.ok) {
      onSwitched?.(result.isActive);
    } else if (variant === "panel") {
      setProblem(result.message);
    } else {
      notify({ kind: "error", text: result.message });
    }
  };

  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={isActive}
        aria-label={t.runs.switchLabel}
        className={`${styles.switch} nodrag`}
        disabled={!saved || busy}
        onClick={(event) => void flip(event)}
        data-testid="schedule-switch"
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span className={styles.state} data-testid="schedule-switch-state">
          {busy ? t.runs.switching : isActive ? t.schedule.active : t.schedule.inactive}
        </span>
      </button>
      {problem && (
        <p className={fieldStyles.error} role="alert" data-testid="schedule-switch-error">
          {problem}
        </p>
      )}
    </>
  );
}
