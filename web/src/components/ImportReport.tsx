import type { ImportedProject } from "../api/types";
import { useEffect, useId, useRef } from "react";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { paths } from "../router/paths";
import styles from "./ImportReport.module.css";

type Props = { imported: ImportedProject; onClose: () => void };

/** What an imported project still needs: the secrets the file left out and the connections that wait on them. */
export function ImportReport({ imported, onClose }: Props) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { project, secrets_to_enter: secrets, connections_to_draw: connections } = imported;

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="import-report"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className={styles.title}>
          {fa.transfer.reportTitle(project.name)}
        </h2>
        {secrets.length > 0 && (
          <>
            <p className={styles.lead}>{fa.transfer.reportLead}</p>
            <ul className={styles.list} data-testid="secrets-to-enter">
              {secrets.map((secret) => (
                <li key={`${secret.node}/${secret.field}`}>{fa.transfer.secretLine(secret.label, secret.field)}</li>
              ))}
            </ul>
          </>
        )}
        {connections.length > 0 && (
          <>
            <p className={styles.lead}>{fa.transfer.connectionsLead(connections.length)}</p>
            <ul className={styles.list} data-testid="connections-to-draw">
              {connections.map((c) => (
                <li key={`${c.source}/${c.target}`}>
                  {fa.transfer.connectionLine(c.source_label, c.target_label, c.message)}
                </li>
              ))}
            </ul>
          </>
        )}
        <div className={styles.actions}>
          <Link to={paths.project(project.id)} className="button">
            {fa.transfer.openProject}
          </Link>
          <button ref={closeRef} type="button" className="button button-quiet" onClick={onClose}>
            {fa.transfer.close}
          </button>
        </div>
      </div>
    </div>
  );
}
