import type { ImportedProject } from "../api/types";
import { useSetAtom } from "jotai";
import { useId, useState, type ChangeEvent } from "react";
import { fa } from "../i18n/fa";
import { navigate } from "../router/history";
import { paths } from "../router/paths";
import { errorText } from "../state/notifications";
import { upsertProjectAtom } from "../state/projects";
import { useNotify } from "../state/useNotify";
import { importTransfer, needsFollowUp } from "../transfer/importTransfer";
import { sampleProjectText } from "../transfer/sampleProject";
import styles from "./ImportProject.module.css";

type Props = {
  /** Offer the sample project too (the empty projects page does). */
  withSample?: boolean;
  /** An import that left secrets to enter or connections to draw. */
  onFollowUp: (imported: ImportedProject) => void;
};

/** A project from a file (or the sample): read by core's rules, made by the server, refusals shown in Persian. */
export function ImportProject({ withSample = false, onFollowUp }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const upsert = useSetAtom(upsertProjectAtom);
  const notify = useNotify();
  const inputId = useId();
  const errorId = useId();

  const run = async (text: string, openAfter: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      const imported = await importTransfer(text);
      upsert(imported.project);
      notify.success(fa.transfer.imported(imported.project.name));
      if (needsFollowUp(imported)) onFollowUp(imported);
      else if (openAfter) navigate(paths.project(imported.project.id));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after fixing it) fires again.
    event.target.value = "";
    if (file) await run(await file.text(), false);
  };

  return (
    <div className={styles.box}>
      <div className={styles.row}>
        {withSample && (
          <button type="button" className="button" disabled={busy} onClick={() => run(sampleProjectText, true)}>
            {fa.transfer.sample}
          </button>
        )}
        <label htmlFor={inputId} className={`button button-quiet ${styles.pick}`} aria-disabled={busy || undefined}>
          {busy ? fa.transfer.importing : fa.transfer.import}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".json,application/json"
          className={styles.input}
          disabled={busy}
          aria-describedby={error ? errorId : undefined}
          data-testid="import-file"
          onChange={chosen}
        />
        <span className={styles.hint}>{withSample ? fa.transfer.sampleLead : fa.transfer.importHint}</span>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert" data-testid="import-error">
          {error}
        </p>
      )}
    </div>
  );
}
