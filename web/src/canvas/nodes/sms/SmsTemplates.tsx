// Beside the template name: the templates already sent with this key,
// asked of the server (Kavenegar has no API that lists them, so these are
// the node's history's, with a note saying so); one click fills the name in.
import { useState } from "react";
import { smsTemplates } from "../../../api/sms";
import type { SmsTemplates as Found } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import { databaseId } from "../../model";
import fieldStyles from "../../panels/fields/fields.module.css";
import type { PanelForm } from "../../panels/usePanelForm";
import styles from "./SmsPanel.module.css";

const t = fa.nodes.sms.templates;

export function SmsTemplates({ form }: { form: PanelForm<"sms"> }) {
  const { nodeId, draft, update } = form;
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const find = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const id = databaseId(nodeId);
      setFound(await smsTemplates({ api_key: draft.apiKey, ...(id === null ? {} : { node_id: id }) }));
    } catch (error) {
      setFound(null);
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.section} data-testid="sms-templates">
      <div className={styles.row}>
        <button
          type="button"
          className="button button-quiet"
          disabled={busy || draft.apiKey.trim() === ""}
          onClick={() => void find()}
          data-testid="sms-templates-find"
        >
          {busy ? t.finding : t.find}
        </button>
      </div>
      {problem && (
        <p className={fieldStyles.error} role="alert">
          {problem}
        </p>
      )}
      {found && (
        <>
          {found.templates.length === 0 ? (
            <p className={fieldStyles.hint}>{t.none}</p>
          ) : (
            <div className={styles.templates}>
              {found.templates.map((template) => (
                <button
                  key={template.name}
                  type="button"
                  className="button button-quiet"
                  aria-pressed={draft.template === template.name}
                  onClick={() => update({ template: template.name })}
                  data-template={template.name}
                >
                  {t.use(template.name, template.sends)}
                </button>
              ))}
            </div>
          )}
          <p className={fieldStyles.hint} data-testid="sms-templates-note">
            {found.note}
          </p>
        </>
      )}
    </div>
  );
}
