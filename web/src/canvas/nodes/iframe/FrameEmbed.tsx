// The frame's embed code once it is registered: the one line a site owner
// pastes, in a read-only box, with a copy button that says how it went.
import { useState } from "react";
import { fa } from "../../../i18n/fa";
import { Field } from "../../panels/fields/Field";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./IframePanel.module.css";

const t = fa.nodes.iframe;

export function FrameEmbed({ script }: { script: string }) {
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
    <Field label={t.script} hint={t.embed.hint}>
      {(id, describedBy) => (
        <>
          <textarea
            id={id}
            name="script"
            className={`${fieldStyles.input} ${styles.code}`}
            dir="ltr"
            rows={4}
            readOnly
            value={script}
            aria-describedby={describedBy}
            data-testid="frame-script"
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className={styles.row}>
            <button type="button" className="button button-quiet" onClick={() => void copy()}>
              {t.copy}
            </button>
            <span
              className={copied === "no" ? fieldStyles.error : styles.ok}
              role="status"
              data-testid="frame-copy-result"
            >
              {copied === "yes" ? t.copied : copied === "no" ? t.copyFailed : null}
            </span>
          </div>
        </>
      )}
    </Field>
  );
}
