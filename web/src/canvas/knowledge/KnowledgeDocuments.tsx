// A vector store's documents: the files of every source joined to it, each
// with its reading state, and "read again" when some failed.
import { fa } from "../../i18n/fa";
import { useKnowledge } from "../../state/useKnowledge";
import { DocumentStatus } from "./DocumentStatus";
import styles from "./Knowledge.module.css";
import { ReindexButton } from "./ReindexButton";

const words = fa.knowledge.documents;

/** `refresh` changes when the canvas shows the store's files changing, so they are read again. */
export function KnowledgeDocuments({ dbId, refresh }: { dbId: number; refresh: string }) {
  const { status, error, reload, reindex } = useKnowledge(dbId, refresh);
  return (
    <section className={styles.section} aria-label={words.title} data-testid="knowledge-documents">
      <h3 className={styles.title}>{words.title}</h3>
      <p className={styles.hint}>{words.hint}</p>
      {status === null ? (
        error === null && (
          <p className={styles.hint} role="status">
            {words.loading}
          </p>
        )
      ) : status.documents.length === 0 ? (
        <p className={styles.hint}>{words.empty}</p>
      ) : (
        <>
          <p className={styles.hint} data-testid="knowledge-summary">
            {words.summary(status.ready, status.processing, status.failed)}
          </p>
          <ul className={styles.list}>
            {status.documents.map((doc) => (
              <li key={`${doc.node_id}:${doc.file_id}:${doc.name}`} className={styles.item} data-testid="knowledge-document">
                <bdi data-testid="document-name">{doc.name}</bdi>
                <DocumentStatus doc={doc} />
              </li>
            ))}
          </ul>
        </>
      )}
      {error !== null && (
        <div className={styles.reindex}>
          <p className={styles.problem} role="alert">
            {error}
          </p>
          <button type="button" className="button button-quiet" onClick={reload}>
            {fa.nodes.vectorstore.reload}
          </button>
        </div>
      )}
      {status !== null && status.failed > 0 && <ReindexButton reindex={reindex} />}
    </section>
  );
}
