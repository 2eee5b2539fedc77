// Sending the node's message now and testing its key, in its settings
// panel. Both act on the server with the saved configuration, so they wait
// for the node to be saved; before a send the panel shows what it takes
// (receptors, parts, cost by core's rule).
import { smsConfigProblems } from "@dastyar/rules";
import { useSetAtom } from "jotai";
import { useMemo, useState } from "react";
import { testSms } from "../../../api/sms";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import { sendSmsAtom } from "../../../state/sms";
import { databaseId } from "../../model";
import fieldStyles from "../../panels/fields/fields.module.css";
import type { PanelForm } from "../../panels/usePanelForm";
import { estimateText, readiness, readinessText, sendEstimate } from "./sending";
import styles from "./SmsPanel.module.css";

const t = fa.nodes.sms.send;

type Busy = "send" | "test" | null;

export function SmsSend({ form, premium }: { form: PanelForm<"sms">; premium: boolean }) {
  const { nodeId, draft, dirty } = form;
  const id = databaseId(nodeId);
  const send = useSetAtom(sendSmsAtom);
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const missing = useMemo(() => smsConfigProblems(draft), [draft]);
  const estimate = useMemo(() => sendEstimate(draft, premium), [draft, premium]);
  const sendState = readiness(id, dirty, missing);
  const testState = readiness(id, dirty, missing.filter((p) => p.field === "apiKey"));

  const run = async (what: Exclude<Busy, null>, action: (id: number) => Promise<string>) => {
    if (id === null) return;
    setBusy(what);
    setProblem(null);
    setDone(null);
    try {
      setDone(await action(id));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  const sendNow = () => run("send", async (id) => (await send({ nodeId, id }, {})).message);
  const testNow = () => run("test", async (id) => (await testSms(id)).message);
  const waiting = readinessText(sendState);

  return (
    <section className={styles.section} aria-label={t.title} data-testid="sms-send">
      <h3 className={styles.title}>{t.title}</h3>
      {estimate && (
        <p className={fieldStyles.hint} data-testid="sms-send-estimate">
          {estimateText(estimate)}
        </p>
      )}
      <div className={styles.row}>
        <button
          type="button"
          className="button"
          disabled={sendState !== "ready" || busy !== null}
          onClick={() => void sendNow()}
          data-testid="sms-send-now"
        >
          {busy === "send" ? t.sending : t.send}
        </button>
        <button
          type="button"
          className="button button-quiet"
          disabled={testState !== "ready" || busy !== null}
          onClick={() => void testNow()}
          data-testid="sms-test"
        >
          {busy === "test" ? t.testing : t.test}
        </button>
      </div>
      {waiting && <p className={fieldStyles.hint}>{waiting}</p>}
      {problem && (
        <p className={fieldStyles.error} role="alert" data-testid="sms-send-error">
          {problem}
        </p>
      )}
      <p className={styles.ok} role="status" data-testid="sms-send-done">
        {done}
      </p>
    </section>
  );
}
