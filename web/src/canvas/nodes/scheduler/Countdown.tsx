// The time left until a run, ticking each second. Only this span reads the
// clock, so the card or panel around it does not re-render as it ticks.
// Once the run is due, the node is read again until the engine has fired it.
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useEffectEvent } from "react";
import { clockAtom } from "../../../state/clock";
import { followDueRunAtom } from "../../../state/schedules";
import { countdownText, msUntil } from "./countdown";
import styles from "./Schedule.module.css";

type Props = {
  nodeId: string;
  /** When the run is due (RFC 3339). */
  at: string;
  /** Also once the run is due (again for each new `at`). */
  onDue?: () => void;
};

export function Countdown({ nodeId, at, onDue }: Props) {
  const now = useAtomValue(clockAtom);
  const followDueRun = useSetAtom(followDueRunAtom);
  const left = msUntil(at, now);
  const due = left !== null && left <= 0;
  // Called when it becomes due, not each time the caller's function changes.
  const becameDue = useEffectEvent(() => {
    void followDueRun(nodeId);
    onDue?.();
  });
  useEffect(() => {
    if (due) becameDue();
  }, [due, at]);
  if (left === null) return null;
  return (
    <span className={styles.countdown} role="timer" data-testid="schedule-countdown">
      {countdownText(left)}
    </span>
  );
}
