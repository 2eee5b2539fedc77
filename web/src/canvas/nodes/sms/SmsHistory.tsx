// The node's sends in its settings panel, newest first: when and from
// where, how each went in Kavenegar's words, its parts and cost; asking
// Kavenegar how a send's messages were delivered; and forgetting them all
// after a warning.
import { useAtomValue, useSetAtom } from "jotai";
import { selectAtom } from "jotai/utils";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { SmsSendView } from "../../../api/types";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import { checkSmsDeliveryAtom, clearSmsHistoryAtom, loadSmsHistoryAtom, smsHistoryAtom } from "../../../state/sms";
import fieldStyles from "../../panels/fields/fields.module.css";
import { deliveryRows, hasDelivery, sendHeadline } from "./sending";
import styles from "./SmsPanel.module.css";

const t = fa.nodes.sms.history;

export function SmsHistory({ id }: { id: number }) {
  const entryAtom = useMemo(() => selectAtom(smsHistoryAtom, (map) => map.get(id) ?? null), [id]);
  const entry = useAtomValue(entryAtom);
  const load = useSetAtom(loadSmsHistoryAtom);
  const clear = useSetAtom(clearSmsHistoryAtom);
  const check = useSetAtom(checkSmsDeliveryAtom);
  const [attempt, setAttempt] = useState(0);
  const [checking, setChecking] = useState<number | null>(null);
  const [clearing, setClearing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cancelConfirm = useCallback(() => setConfirming(false), []);

  useEffect(() => {
    const controller = new AbortController();
    void load(id, controller.signal);
    return () => controller.abort();
  }, [id, attempt, load]);

  const delivery = async (send: SmsSendView) => {
    setChecking(send.id);
    setProblem(null);
    try {
      await check(id, send.id);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setChecking(null);
    }
  };

  const forget = async () => {
    setClearing(true);
    setProblem(null);
    try {
      await clear(id);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setClearing(false);
      setConfirming(false);
    }
  };

  const history = entry?.history ?? null;
  return (
    <section className={styles.section} aria-label={t.title} data-testid="sms-history">
      <h3 className={styles.title}>{t.title}</h3>
      {entry?.error && (
        <p className={fieldStyles.error} role="alert" data-testid="sms-history-error">
          {entry.error}
        </p>
      )}
      {history === null ? (
        !entry?.error && <p className={fieldStyles.hint}>{t.loading}</p>
      ) : history.sends.length === 0 ? (
        <p className={fieldStyles.hint} data-testid="sms-history-empty">
          {t.empty}
        </p>
      ) : (
        <>
          <p className={fieldStyles.hint}>{t.shown(history.sends.length, history.total)}</p>
          <ul className={styles.sends}>
            {history.sends.map((send) => (
              <li
                key={send.id}
                className={send.status === "failed" ? `${styles.send} ${styles.failed}` : styles.send}
                data-send={send.id}
              >
                <span className={styles.headline}>{sendHeadline(send)}</span>
                {(send.message || send.template) && (
                  <p className={styles.text} dir="auto">
                    {send.message || send.template}
                  </p>
                )}
                <p className={styles.text}>{send.response_message}</p>
                <dl className={styles.deliveries}>
                  {deliveryRows(send).map((row, i) => (
                    <div key={`${row.receptor}-${i}`} style={{ display: "contents" }}>
                      <dt dir="ltr">{row.receptor}</dt>
                      <dd>{row.text}</dd>
                    </div>
                  ))}
                </dl>
                {hasDelivery(send) && (
                  <div className={styles.row}>
                    <button
                      type="button"
                      className="button button-quiet"
                      disabled={checking !== null}
                      onClick={() => void delivery(send)}
                      data-testid="sms-delivery"
                    >
                      {checking === send.id ? t.checking : t.delivery}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className={styles.row}>
        <button type="button" className="button button-quiet" onClick={() => setAttempt((n) => n + 1)} data-testid="sms-history-refresh">
          {t.refresh}
        </button>
        {history !== null && history.sends.length > 0 && (
          <button
            type="button"
            className="button button-danger"
            disabled={clearing}
            onClick={() => setConfirming(true)}
            data-testid="sms-history-clear"
          >
            {clearing ? t.clearing : t.clear}
          </button>
        )}
      </div>
      {problem && (
        <p className={fieldStyles.error} role="alert" data-testid="sms-history-problem">
          {problem}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t.confirmTitle}
          text={t.confirmText}
          confirmLabel={clearing ? t.clearing : t.clear}
          busy={clearing}
          onConfirm={() => void forget()}
          onCancel={cancelConfirm}
        />
      )}
    </section>
  );
}
