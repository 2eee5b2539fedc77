// What a scheduler's or trigger's card shows of its runs: the switch, how
// many times it ran (of its limit), and when on, its next run in Jalali
// time with the time left ticking.
import { NodeLine } from "../NodeShell";
import { ScheduleSwitch } from "./ScheduleSwitch";
import { Countdown } from "./Countdown";
import { jalaliDateTime } from "./jalali";
import { runCountText } from "./runs";
import type { ScheduleData } from "./schedule";
import styles from "./Schedule.module.css";

export function ScheduleCardState({ id, data }: { id: string; data: ScheduleData }) {
  return (
    <>
      <div className={styles.cardRow}>
        <ScheduleSwitch nodeId={id} isActive={data.isActive} variant="card" />
        <span data-testid="schedule-run-count">{runCountText(data.currentRuns, data.maxRuns)}</span>
      </div>
      {data.isActive && data.nextRunTime && (
        <>
          <NodeLine>
            <time dateTime={data.nextRunTime} data-testid="schedule-next-run">
              {jalaliDateTime(data.nextRunTime, data.timezone)}
            </time>
          </NodeLine>
          <NodeLine>
            <Countdown nodeId={id} at={data.nextRunTime} />
          </NodeLine>
        </>
      )}
    </>
  );
}
