// What one run did, unfolded in the history: for a trigger the message it
// sent, the assistant's answer and each delivery (by SMS, or to a bot's
// owner); for a
// scheduler its request's status, time and output.
import { canvasId } from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo } from "react";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { findNode } from "../../../state/canvas/graph";
import type { Delivery, DeliveryChannel, Outcome, RequestOutcomeView, TriggerOutcome } from "./outcome";
import styles from "./Schedule.module.css";

const t = fa.nodes.scheduler.runs;
const tt = fa.nodes.trigger.outcome;

export function RunOutcome({ outcome, id }: { outcome: Outcome; id: string }) {
  switch (outcome.kind) {
    case "trigger":
      return <TriggerRunOutcome outcome={outcome} id={id} />;
    case "request":
      return <RequestRunOutcome outcome={outcome} id={id} />;
    case "none":
      return (
        <p id={id} className={styles.note} data-testid="schedule-run-outcome">
          {t.history.noOutcome}
        </p>
      );
  }
}

function TriggerRunOutcome({ outcome, id }: { outcome: TriggerOutcome; id: string }) {
  return (
    <dl id={id} className={styles.outcome} data-testid="schedule-run-outcome">
      <div>
        <dt>{tt.message}</dt>
        <dd dir="auto" data-testid="schedule-run-message">
          {outcome.message ?? ""}
        </dd>
      </div>
      <div>
        <dt>{tt.answer}</dt>
        <dd dir="auto" data-testid="schedule-run-answer">
          {outcome.answer ?? tt.noAnswer}
        </dd>
      </div>
      {outcome.answer !== null && (
        <div>
          <dt>{tt.deliveries}</dt>
          <dd>
            {outcome.deliveries.length === 0 ? (
              <span data-testid="schedule-run-no-deliveries">{tt.noDeliveries}</span>
            ) : (
              <Deliveries deliveries={outcome.deliveries} />
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

function Deliveries({ deliveries }: { deliveries: Delivery[] }) {
  const key = deliveries.map((d) => `${d.channel}:${d.nodeId}`).join(",");
  // The SMS nodes' and bots' names on the canvas, as one string so the list re-renders only when one changes.
  const namesAtom = useMemo(
    () =>
      selectAtom(nodesAtom, (nodes) =>
        key
          .split(",")
          .map((ref) => {
            const [channel, id] = ref.split(":") as [DeliveryChannel, string];
            const label = findNode(nodes, canvasId(channel, Number(id)))?.data.label;
            return typeof label === "string" ? label.trim() : "";
          })
          .join("\n"),
      ),
    [key],
  );
  const names = useAtomValue(namesAtom).split("\n");
  return (
    <ul className={styles.deliveries}>
      {deliveries.map((delivery, i) => (
        <li
          key={`${delivery.channel}-${delivery.nodeId}`}
          className={styles.delivery}
          data-sent={delivery.sent}
          data-channel={delivery.channel}
          data-testid="schedule-run-delivery"
        >
          <span>{names[i] ? tt.bot(names[i]!) : delivery.channel === "sms" ? tt.smsUnnamed : tt.botUnnamed}</span>
          {": "}
          <span className={styles.mark}>{delivery.sent ? (delivery.channel === "sms" ? tt.smsSent : tt.sent) : tt.notSent}</span>
          {delivery.error && <span className={styles.reason}> {delivery.error}</span>}
        </li>
      ))}
    </ul>
  );
}

function RequestRunOutcome({ outcome, id }: { outcome: RequestOutcomeView; id: string }) {
  const r = t.request;
  return (
    <dl id={id} className={styles.outcome} data-testid="schedule-run-outcome">
      <div>
        <dt>{r.status}</dt>
        <dd data-testid="schedule-run-status">
          {outcome.status === null ? r.noStatus : r.httpStatus(outcome.status)}
          {outcome.durationMs !== null && ` · ${r.duration(outcome.durationMs)}`}
        </dd>
      </div>
      {outcome.output !== null && (
        <div>
          <dt>{r.output}</dt>
          <dd>
            <pre className={styles.code} dir="ltr" data-testid="schedule-run-output">
              {outcome.output}
            </pre>
          </dd>
        </div>
      )}
    </dl>
  );
}
