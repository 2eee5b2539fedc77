// The bot's connection to Telegram in its settings panel: how it stands
// (asked when the panel opens for a stored node, and on "refresh"),
// connecting with the saved token, disconnecting after a warning, and the
// people who wrote to the bot. These act on the server at once, not on
// "save", so what the server answers goes straight into the canvas node.
import type { TelegramData } from "@dastyar/rules";
import { useAtomValue, useSetAtom, useStore } from "jotai";
import { selectAtom } from "jotai/utils";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { botStatus, botUsers, connectBot, disconnectBot } from "../../../api/telegram";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { findNode, mapNode } from "../../../state/canvas/graph";
import { refreshNodesAtom } from "../../../state/canvas/refresh";
import { errorText, notifyAtom } from "../../../state/notifications";
import { databaseId, toFlowNode } from "../../model";
import { Facts } from "../../panels/fields/Facts";
import { isSecretMask } from "../../panels/fields/SecretInput";
import fieldStyles from "../../panels/fields/fields.module.css";
import type { PanelForm } from "../../panels/usePanelForm";
import { BotPeople } from "./BotPeople";
import { canConnect, connectLabel, isConnected, lastError, scheduleOwnershipNotice, statusFacts } from "./connection";
import styles from "./TelegramPanel.module.css";
import { useAnswer } from "../../panels/useAnswer";

const t = fa.nodes.telegram.connection;

type Busy = "connect" | "disconnect" | null;

export function BotConnection({ form }: { form: PanelForm<"telegram"> }) {
  const { nodeId, draft } = form;
  const dbId = databaseId(nodeId);
  const store = useStore();
  const notify = useSetAtom(notifyAtom);
  const refreshNodes = useSetAtom(refreshNodesAtom);

  // The token as saved (the canvas node, not the draft): the one the server connects with.
  const savedTokenAtom = useMemo(
    () => selectAtom(nodesAtom, (nodes) => (findNode(nodes, nodeId)?.data as TelegramData | undefined)?.bot_token ?? ""),
    [nodeId],
  );
  const savedToken = useAtomValue(savedTokenAtom);
  const savedMask = isSecretMask(savedToken) ? savedToken : "";

  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  // Asked again after a connect or disconnect, on "refresh", and when another token is saved.
  const status = useAnswer(dbId, `${savedMask}:${attempt}`, botStatus);
  const people = useAnswer(dbId, String(attempt), botUsers);
  const again = () => setAttempt((n) => n + 1);

  // Read after an await: whether the draft has edits of its own by then.
  const dirty = useRef(form.dirty);
  useEffect(() => {
    dirty.current = form.dirty;
  });
  const { update } = form;
  // Stable: the dialog focuses its cancel button again whenever this changes.
  const cancelConfirm = useCallback(() => setConfirming(false), []);

  if (dbId === null) {
    return (
      <section className={styles.section} aria-label={t.title}>
        <h3 className={styles.title}>{t.title}</h3>
        <p className={fieldStyles.hint}>{t.unsaved}</p>
      </section>
    );
  }

  const connect = async () => {
    setBusy("connect");
    setProblem(null);
    setDone(null);
    try {
      const view = await connectBot(dbId);
      const data = toFlowNode(view).data as TelegramData;
      store.set(nodesAtom, (nodes) => mapNode(nodes, nodeId, (n) => ({ ...n, data })));
      // Telegram's username and name, and the webhook, win over a draft that would save older ones.
      if (dirty.current)
        update({ bot_username: data.bot_username, bot_name: data.bot_name, webhook_url: data.webhook_url, listening: data.listening });
      setDone(t.connected);
      scheduleOwnershipNotice(notify);
      again();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const disconnect = async () => {
    setBusy("disconnect");
    setProblem(null);
    setDone(null);
    try {
      await disconnectBot(dbId);
      // The server dropped the webhook from the node but answers only `success`: read the node again.
      await refreshNodes([nodeId]);
      if (dirty.current) update({ webhook_url: undefined, listening: undefined });
      setDone(t.disconnected);
      again();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const current = status.status === "ready" ? status.value : status.status === "loading" ? status.previous : undefined;
  const mode = current?.mode;
  const error = current ? lastError(current) : null;
  const connectable = canConnect(dbId, savedToken, draft.bot_token);
  const loading = status.status === "loading";

  return (
    <>
    <section className={styles.section} aria-label={t.title} data-testid="telegram-connection">
      <h3 className={styles.title}>{t.title}</h3>
      <div aria-busy={loading}>
        {status.status === "failed" ? (
          <p className={fieldStyles.error} role="alert" data-testid="telegram-status-error">
            {status.message}
          </p>
        ) : current ? (
          <Facts facts={statusFacts(current)} />
        ) : (
          <p className={fieldStyles.hint} role="status">
            {t.loading}
          </p>
        )}
      </div>
      {error && (
        <div className={styles.lastError} role="alert" data-testid="telegram-last-error">
          <strong>{t.lastError}</strong>
          {/* Often Telegram's own English: its first letter sets the direction. */}
          <p className={styles.errorText} dir="auto">
            {error.text}
          </p>
          {error.at && <p className={styles.errorTime}>{error.at}</p>}
        </div>
      )}
      <div className={styles.row}>
        <button
          type="button"
          className="button"
          disabled={!connectable || busy !== null}
          onClick={() => void connect()}
          data-testid="telegram-connect"
        >
          {busy === "connect" ? t.connecting : connectLabel(mode)}
        </button>
        <button
          type="button"
          className="button button-quiet"
          disabled={loading || busy !== null}
          onClick={again}
          data-testid="telegram-refresh"
        >
          {loading ? t.refreshing : t.refresh}
        </button>
        {isConnected(mode) && (
          <button
            type="button"
            className="button button-danger"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
            data-testid="telegram-disconnect"
          >
            {busy === "disconnect" ? t.disconnecting : t.disconnect}
          </button>
        )}
      </div>
      {!connectable && <p className={fieldStyles.hint}>{t.saveTokenFirst}</p>}
      {problem && (
        <p className={fieldStyles.error} role="alert" data-testid="telegram-connection-error">
          {problem}
        </p>
      )}
      <p className={styles.ok} role="status" data-testid="telegram-connection-done">
        {done}
      </p>
    </section>
    <BotPeople answer={people} onRetry={again} />
      {confirming && (
        <ConfirmDialog
          title={t.confirmTitle}
          text={t.confirmText}
          confirmLabel={busy === "disconnect" ? t.disconnecting : t.disconnect}
          busy={busy === "disconnect"}
          onConfirm={() => void disconnect()}
          onCancel={cancelConfirm}
        />
      )}
    </>
  );
}
