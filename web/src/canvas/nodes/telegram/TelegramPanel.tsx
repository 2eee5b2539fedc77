// The telegram node's settings: the bot's token (hidden unless asked, and
// checkable with Telegram before saving), its username and name, free-form
// settings, what the server filled in, and the bot's connection to Telegram.
import type { TelegramData } from "@dastyar/rules";
import { useState } from "react";
import { formatDigits } from "../../../format/number";
import { fa } from "../../../i18n/fa";
import { Checkbox } from "../../panels/fields/Checkbox";
import { Field } from "../../panels/fields/Field";
import { JsonInput } from "../../panels/fields/JsonInput";
import { SecretInput } from "../../panels/fields/SecretInput";
import { TextInput } from "../../panels/fields/TextInput";
import type { PanelProps } from "../../panels/types";
import { BotConnection } from "./BotConnection";
import styles from "./TelegramPanel.module.css";
import { TokenCheck } from "./TokenCheck";

const t = fa.nodes.telegram;

export function TelegramPanel({ form }: PanelProps<"telegram">) {
  const { draft, update, error } = form;
  const [showToken, setShowToken] = useState(false);
  return (
    <>
      <SecretInput
        label={t.botToken}
        name="bot_token"
        shown={showToken}
        value={draft.bot_token}
        hint={t.botTokenHint}
        error={error("bot_token")}
        onChange={(bot_token) => update({ bot_token })}
      />
      <TokenCheck token={draft.bot_token} onChecked={update} />
      <Checkbox label={t.showToken} name="showToken" checked={showToken} onChange={setShowToken} />
      <TextInput
        label={t.botUsername}
        name="bot_username"
        ltr
        value={draft.bot_username}
        hint={t.botUsernameHint}
        error={error("bot_username")}
        onChange={(bot_username) => update({ bot_username })}
      />
      <TextInput
        label={t.botName}
        name="bot_name"
        value={draft.bot_name}
        error={error("bot_name")}
        onChange={(bot_name) => update({ bot_name })}
      />
      <JsonInput
        label={t.settings}
        name="settings"
        rows={3}
        value={draft.settings}
        invalidText={t.invalidJson}
        error={error("settings")}
        onChange={(settings) => update({ settings: (settings ?? {}) as TelegramData["settings"] })}
      />
      {draft.webhook_url && (
        <Field label={t.webhookUrl}>
          {(id) => (
            <output id={id} dir="ltr" className={styles.address} data-field="webhook_url">
              {draft.webhook_url}
            </output>
          )}
        </Field>
      )}
      {draft.company_id != null && (
        <Field label={t.companyId}>
          {(id) => (
            <output id={id} data-field="company_id">
              {formatDigits(draft.company_id!)}
            </output>
          )}
        </Field>
      )}
      <BotConnection form={form} />
    </>
  );
}
