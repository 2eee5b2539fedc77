// "Check the token" beside the token field: asks Telegram, through the
// server, whose bot a typed token is, before it is saved, and fills the
// bot's username and name in the draft from the answer. A saved token shows
// only as its mask, which Telegram cannot check: connecting checks that one.
import { useId, useState } from "react";
import { checkToken } from "../../../api/telegram";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import { isSecretMask } from "../../panels/fields/SecretInput";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./TelegramPanel.module.css";

const t = fa.nodes.telegram.tokenCheck;

type Props = {
  token: string;
  onChecked: (bot: { bot_username?: string; bot_name?: string }) => void;
};

/** What the last check said, for the token it checked. */
type Outcome = { token: string; ok: boolean; text: string };

export function TokenCheck({ token, onChecked }: Props) {
  const noteId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const typed = token.trim();
  const saved = isSecretMask(token);
  // Said of another token than the one in the field now: no longer true.
  const shown = outcome?.token === typed ? outcome : null;

  const check = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const bot = await checkToken(typed);
      // Telegram's names, but never a blank one over what the person typed.
      onChecked({ ...(bot.username && { bot_username: bot.username }), ...(bot.name && { bot_name: bot.name }) });
      setOutcome({ token: typed, ok: true, text: t.valid(bot.username, bot.name) });
    } catch (error) {
      setOutcome({ token: typed, ok: false, text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.tokenCheck}>
      <button
        type="button"
        className="button button-quiet"
        aria-describedby={saved || shown ? noteId : undefined}
        disabled={busy || typed === "" || saved}
        onClick={() => void check()}
        data-testid="telegram-check-token"
      >
        {busy ? t.checking : t.check}
      </button>
      {saved && (
        <p id={noteId} className={fieldStyles.hint}>
          {t.savedToken}
        </p>
      )}
      {shown && !shown.ok && (
        <p id={noteId} className={fieldStyles.error} role="alert" data-testid="telegram-token-error">
          {shown.text}
        </p>
      )}
      {/* Always there, so screen readers hear what is put in it. */}
      <p id={shown?.ok ? noteId : undefined} className={styles.ok} role="status" data-testid="telegram-token-valid">
        {shown?.ok ? shown.text : null}
      </p>
    </div>
  );
}
