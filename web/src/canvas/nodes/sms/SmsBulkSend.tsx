// Sending one text to each of many receptors in one call (Kavenegar's
// sendarray), from the node's line or one given here: the lines read as
// they are typed, what is wrong with them, and what they take before sending.
import { useSetAtom } from "jotai";
import { useMemo, useState } from "react";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import { sendSmsBulkAtom } from "../../../state/sms";
import { databaseId } from "../../model";
import fieldStyles from "../../panels/fields/fields.module.css";
import { TextArea } from "../../panels/fields/TextArea";
import { TextInput } from "../../panels/fields/TextInput";
import type { PanelForm } from "../../panels/usePanelForm";
import { bulkEstimate, parseBulk } from "./sending";
import styles from "./SmsPanel.module.css";

const t = fa.nodes.sms.bulk;

export function SmsBulkSend({ form, premium }: { form: PanelForm<"sms">; premium: boolean }) {
  const { nodeId, dirty } = form;
  const id = databaseId(nodeId);
  const sendBulk = useSetAtom(sendSmsBulkAtom);
  const [lines, setLines] = useState("");
  const [sender, setSender] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const parsed = useMemo(() => parseBulk(lines), [lines]);
  const estimate = useMemo(() => bulkEstimate(parsed.messages, premium), [parsed.messages, premium]);
  const sendable = id !== null && !dirty && parsed.messages.length > 0 && parsed.problems.length === 0;

  const send = async () => {
    if (id === null) return;
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const body = { messages: parsed.messages, ...(sender.trim() ? { sender: sender.trim() } : {}) };
      const answer = await sendBulk({ nodeId, id }, body);
      setDone(answer.message);
      setLines("");
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-label={t.title} data-testid="sms-bulk">
      <h3 className={styles.title}>{t.title}</h3>
      <TextArea label={t.lines} name="bulkLines" rows={4} value={lines} hint={t.linesHint} onChange={setLines} />
      <TextInput label={t.sender} name="bulkSender" type="tel" ltr value={sender} hint={t.senderHint} onChange={setSender} />
      {parsed.problems.length > 0 && (
        <ul className={fieldStyles.error} data-testid="sms-bulk-problems">
          {parsed.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {parsed.messages.length > 0 && (
        <p className={fieldStyles.hint} data-testid="sms-bulk-estimate">
          {t.summary(estimate.count, estimate.segments, estimate.cost)}
        </p>
      )}
      <div className={styles.row}>
        <button
          type="button"
          className="button"
          disabled={!sendable || busy}
          onClick={() => void send()}
          data-testid="sms-bulk-send"
        >
          {busy ? t.sending : t.send}
        </button>
      </div>
      {problem && (
        <p className={fieldStyles.error} role="alert" data-testid="sms-bulk-error">
          {problem}
        </p>
      )}
      <p className={styles.ok} role="status" data-testid="sms-bulk-done">
        {done}
      </p>
    </section>
  );
}
