// The sms node's settings: the Kavenegar key, the send method, the
// receptors (shown as they will be stored), the message with its live
// segment and cost estimate or the template and its tokens (and the
// templates already used), the sender line, whether its assistant may
// choose the receptor, the last send, and what connecting to an assistant
// still needs; then sending, testing, bulk sending and the history.
import {
  estimateSms,
  normalizeReceptors,
  smsConfigProblems,
  type SmsSendMethod,
  type SmsType,
} from "@dastyar/rules";
import { useMemo, useState } from "react";
import { formatJalaliDate } from "../../../format/date";
import { fa } from "../../../i18n/fa";
import { databaseId } from "../../model";
import { Checkbox } from "../../panels/fields/Checkbox";
import fieldStyles from "../../panels/fields/fields.module.css";
import { Select } from "../../panels/fields/Select";
import { TextArea } from "../../panels/fields/TextArea";
import { SecretInput } from "../../panels/fields/SecretInput";
import { TextInput } from "../../panels/fields/TextInput";
import { ReadOnlyValue } from "../../panels/fields/ReadOnlyValue";
import { Completeness } from "../../panels/fields/Completeness";
import type { PanelProps } from "../../panels/types";
import { SmsBulkSend } from "./SmsBulkSend";
import { SmsHistory } from "./SmsHistory";
import { SmsSend } from "./SmsSend";
import { SmsTemplates } from "./SmsTemplates";

const t = fa.nodes.sms;
const METHODS: readonly SmsSendMethod[] = ["simple", "template"];
const TYPES: readonly SmsType[] = ["sms", "call"];

export function SmsPanel({ form }: PanelProps<"sms">) {
  const { draft, update, error } = form;
  const id = databaseId(form.nodeId);
  const [showKey, setShowKey] = useState(false);
  const [premium, setPremium] = useState(false);
  const receptors = useMemo(() => {
    if (draft.receptor.trim() === "") return null;
    const answer = normalizeReceptors(draft.receptor);
    return answer.ok ? answer.value : null;
  }, [draft.receptor]);
  const estimate = useMemo(() => estimateSms(draft.message, premium), [draft.message, premium]);
  const missing = useMemo(() => smsConfigProblems(draft), [draft]);

  return (
    <>
      <SecretInput
        label={t.apiKey}
        name="apiKey"
        shown={showKey}
        value={draft.apiKey}
        error={error("apiKey")}
        onChange={(apiKey) => update({ apiKey })}
      />
      <Checkbox label={t.showApiKey} name="showApiKey" checked={showKey} onChange={setShowKey} />
      <Select<SmsSendMethod>
        label={t.sendMethod}
        name="sendMethod"
        value={draft.sendMethod}
        options={METHODS.map((m) => ({ value: m, label: t.sendMethods[m] }))}
        onChange={(sendMethod) => update({ sendMethod })}
      />
      <TextInput
        label={t.receptor}
        name="receptor"
        type="tel"
        ltr
        value={draft.receptor}
        hint={receptors ? t.normalised(receptors) : t.receptorHint}
        error={error("receptor")}
        onChange={(receptor) => update({ receptor })}
      />
      {draft.sendMethod === "simple" ? (
        <>
          <TextArea
            label={t.message}
            name="message"
            rows={4}
            value={draft.message}
            error={error("message")}
            onChange={(message) => update({ message })}
          />
          <p className={fieldStyles.hint} data-testid="sms-estimate" aria-live="polite">
            {t.estimate(estimate.characters, estimate.segments, estimate.perSegment, estimate.cost)}
            {receptors && receptors.length > 1 && (
              <>
                <br />
                {t.estimateTotal(receptors.length, estimate.cost * receptors.length)}
              </>
            )}
          </p>
          <Checkbox label={t.premium} name="premium" checked={premium} onChange={setPremium} />
        </>
      ) : (
        <>
          <TextInput
            label={t.template}
            name="template"
            ltr
            value={draft.template}
            error={error("template")}
            onChange={(template) => update({ template })}
          />
          <SmsTemplates form={form} />
          <TextInput
            label={t.token}
            name="token"
            value={draft.token}
            error={error("token")}
            onChange={(token) => update({ token })}
          />
          <TextInput
            label={t.token2}
            name="token2"
            value={draft.token2}
            error={error("token2")}
            onChange={(token2) => update({ token2 })}
          />
          <Select<SmsType>
            label={t.smsType}
            name="smsType"
            value={draft.smsType}
            options={TYPES.map((s) => ({ value: s, label: t.smsTypes[s] }))}
            onChange={(smsType) => update({ smsType })}
          />
        </>
      )}
      <TextInput
        label={t.sender}
        name="sender"
        type="tel"
        ltr
        value={draft.sender}
        hint={t.senderHint}
        error={error("sender")}
        onChange={(sender) => update({ sender })}
      />
      <Checkbox
        label={t.allowModelReceptor}
        name="allowModelReceptor"
        checked={draft.allowModelReceptor}
        onChange={(allowModelReceptor) => update({ allowModelReceptor })}
      />
      <p className={fieldStyles.hint}>{t.allowModelReceptorHint}</p>
      <Completeness
        testId="sms-completeness"
        missing={missing}
        completeText={t.complete}
        incompleteText={t.incomplete}
        fieldNames={t.fields}
      />
      {draft.lastSendStatus && <ReadOnlyValue label={t.lastSendStatus} field="lastSendStatus" value={draft.lastSendStatus} />}
      {draft.lastSendTime && (
        <ReadOnlyValue label={t.lastSendTime} field="lastSendTime" value={formatJalaliDate(draft.lastSendTime, { withTime: true })} />
      )}
      {draft.lastResponseMessage && (
        <ReadOnlyValue label={t.lastResponseMessage} field="lastResponseMessage" value={draft.lastResponseMessage} />
      )}
      <SmsSend form={form} premium={premium} />
      <SmsBulkSend form={form} premium={premium} />
      {id !== null && <SmsHistory id={id} />}
    </>
  );
}

