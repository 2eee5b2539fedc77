// The iframe node's settings: company name, the domains allowed to embed it
// (shown as they will be stored), its style, and what the server generated
// for it (ids, key and the embed script, which can be copied).
import { prepareNodeData } from "@dastyar/rules";
import { useMemo, useState } from "react";
import { formatDigits } from "../../../format/number";
import { fa } from "../../../i18n/fa";
import { Field } from "../../panels/fields/Field";
import fieldStyles from "../../panels/fields/fields.module.css";
import { ListInput } from "../../panels/fields/ListInput";
import { TextInput } from "../../panels/fields/TextInput";
import { ReadOnlyValue } from "../../panels/fields/ReadOnlyValue";
import type { PanelProps } from "../../panels/types";

const t = fa.nodes.iframe;

export function IframePanel({ form }: PanelProps<"iframe">) {
  const { draft, update, error } = form;
  // The domains as the rules store them (bare hosts, no repeats); shown only when that differs.
  const stored = useMemo(() => {
    const prepared = prepareNodeData({ type: "iframe", data: draft });
    if (prepared.problems.some((p) => p.field === "authorizedDomains") || prepared.data.type !== "iframe") return null;
    const domains = prepared.data.data.authorizedDomains;
    const typed = draft.authorizedDomains.filter((d) => d.trim() !== "");
    return domains.length === typed.length && domains.every((d, i) => d === typed[i]) ? null : domains;
  }, [draft]);

  return (
    <>
      <TextInput
        label={t.companyName}
        name="companyName"
        value={draft.companyName}
        hint={t.companyNameHint}
        error={error("companyName")}
        onChange={(companyName) => update({ companyName })}
      />
      <ListInput
        label={t.authorizedDomains}
        name="authorizedDomains"
        ltr
        value={draft.authorizedDomains}
        hint={stored && stored.length > 0 ? t.normalised(stored) : t.authorizedDomainsHint}
        error={error("authorizedDomains")}
        onChange={(authorizedDomains) => update({ authorizedDomains })}
      />
      <TextInput
        label={t.style}
        name="style"
        ltr
        value={draft.style}
        hint={t.styleHint}
        error={error("style")}
        onChange={(style) => update({ style })}
      />
      <ReadOnlyValue label={t.isActive} field="isActive" value={draft.isActive ? t.active : t.inactive} />
      {draft.frameId != null && <ReadOnlyValue label={t.frameId} field="frameId" value={formatDigits(draft.frameId)} />}
      {draft.companyId != null && <ReadOnlyValue label={t.companyId} field="companyId" value={formatDigits(draft.companyId)} />}
      {draft.assistantId != null && (
        <ReadOnlyValue label={t.assistantId} field="assistantId" value={formatDigits(draft.assistantId)} />
      )}
      {draft.apiKey && <ReadOnlyValue label={t.apiKey} field="apiKey" value={draft.apiKey} ltr />}
      {draft.script && <Script script={draft.script} />}
    </>
  );
}


/** The embed script in a read-only box, with a copy button that says how it went. */
function Script({ script }: { script: string }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(script);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <Field label={t.script} hint={copied === "yes" ? t.copied : copied === "no" ? t.copyFailed : undefined}>
      {(id, describedBy) => (
        <>
          <textarea
            id={id}
            name="script"
            className={fieldStyles.input}
            dir="ltr"
            rows={4}
            readOnly
            value={script}
            aria-describedby={describedBy}
            onFocus={(e) => e.currentTarget.select()}
            style={{ fontFamily: "ui-monospace, monospace", fontSize: "0.8rem" }}
          />
          <div>
            <button type="button" className="button button-quiet" onClick={() => void copy()}>
              {t.copy}
            </button>
          </div>
        </>
      )}
    </Field>
  );
}
