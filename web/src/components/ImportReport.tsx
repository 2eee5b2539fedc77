import type { ImportedProject } from "../api/types";
import { useRef } from "react";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { paths } from "../router/paths";
import styles from "./ImportReport.module.css";
import { Modal, ModalActions } from "./Modal";

type Props = { imported: ImportedProject; onClose: () => void };

/** What an imported project still needs: the secrets the file left out and the connections that wait on them. */
export function ImportReport({ imported, onClose }: Props) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const { project, secrets_to_enter: secrets, connections_to_draw: connections } = imported;

  return (
    <Modal title={fa.transfer.reportTitle(project.name)} onClose={onClose} size="medium" initialFocus={closeRef} testId="import-report">
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
      <ModalActions>
        <Link to={paths.project(project.id)} className="button">
          {fa.transfer.openProject}
        </Link>
        <button ref={closeRef} type="button" className="button button-quiet" onClick={onClose}>
          {fa.transfer.close}
        </button>
      </ModalActions>
    </Modal>
  );
}
