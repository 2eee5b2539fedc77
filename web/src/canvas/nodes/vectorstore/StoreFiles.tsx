// The files reaching a vector store, one row per file: its name and size as
// its source lists it, and its reading state (processing with progress,
// ready, or failed with the server's reason); "read again" when some failed.
import type { FileEntry, NodeKind } from "@dastyar/rules";
import { useStore } from "jotai";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { useKnowledge } from "../../../state/useKnowledge";
import { DocumentStatus } from "../../knowledge/DocumentStatus";
import { ReindexButton } from "../../knowledge/ReindexButton";
import { kindInfoOf } from "../../kinds";
import { databaseId, type FlowNode } from "../../model";
import { fileSize } from "../filedb/size";
import { storeFiles, type StoreSource } from "./storeFiles";
import styles from "./VectorStorePanel.module.css";
import { useSourceCount } from "./useSourceCount";
import { useSourceListing } from "./useSourceListing";

const words = fa.nodes.vectorstore;

export function StoreFiles({ nodeId }: { nodeId: string }) {
  const dbId = databaseId(nodeId);
  // Read again when the canvas shows a file node joining, leaving or changing its files.
  const { sources, files } = useSourceCount(nodeId);
  const refresh = `${sources}:${files}`;
  const { listing, reload: reloadListing } = useSourceListing(dbId, refresh);
  const knowledge = useKnowledge(dbId, refresh);
  const nodes = useStore().get(nodesAtom);

  if (dbId === null) {
    return (
      <section className={styles.sources} aria-label={words.files}>
        <h3 className={styles.title}>{words.files}</h3>
        <p className={styles.hint}>{words.unsaved}</p>
      </section>
    );
  }

  const status = knowledge.status;
  const groups = listing.status === "loading" ? [] : storeFiles(listing.status === "ready" ? listing.sources : [], status?.documents ?? []);
  const loading = listing.status === "loading" || (status === null && knowledge.error === null);
  const problems = [listing.status === "failed" ? listing.message : null, knowledge.error].filter((p): p is string => p !== null);
  const reload = () => {
    reloadListing();
    knowledge.reload();
  };

  return (
    <section className={styles.sources} aria-label={words.files} data-testid="vector-files">
      <h3 className={styles.title}>{words.files}</h3>
      <p className={styles.hint}>{words.filesHint}</p>
      {loading && groups.length === 0 ? (
        <p className={styles.hint} role="status">
          {words.loading}
        </p>
      ) : groups.length === 0 ? (
        problems.length === 0 && <p className={styles.hint}>{words.noSources}</p>
      ) : (
        <>
          {status !== null && status.documents.length > 0 && (
            <p className={styles.hint} data-testid="knowledge-summary">
              {fa.knowledge.documents.summary(status.ready, status.processing, status.failed)}
            </p>
          )}
          {groups.map((group) => (
            <SourceGroup key={group.nodeId} group={group} nodes={nodes} />
          ))}
        </>
      )}
      {problems.length > 0 && (
        <div className={styles.failed}>
          {problems.map((problem) => (
            <p key={problem} role="alert">
              {problem}
            </p>
          ))}
          <button type="button" className="button button-quiet" onClick={reload}>
            {words.reload}
          </button>
        </div>
      )}
      {status !== null && status.failed > 0 && <ReindexButton reindex={knowledge.reindex} />}
    </section>
  );
}

function SourceGroup({ group, nodes }: { group: StoreSource; nodes: readonly FlowNode[] }) {
  const node = nodes.find((n) => (group.source === null ? databaseId(n.id) === group.nodeId : n.id === group.source));
  const label = node?.data.label || (node ? kindInfoOf(node.type as NodeKind).label : words.otherSource);
  return (
    <div className={styles.source} data-testid="vector-source" data-source={group.source ?? node?.id}>
      <h4 className={styles.sourceTitle}>
        <bdi>{label}</bdi>
      </h4>
      {group.files.length === 0 ? (
        <p className={styles.hint}>{words.sourceEmpty}</p>
      ) : (
        <ul className={styles.list}>
          {group.files.map((row) => (
            <li key={row.key} className={styles.file} data-testid="file-entry">
              <span className={styles.fileLine}>
                <bdi data-testid="document-name">{row.name}</bdi>
                {row.file && <span className={styles.size}>{sizeText(row.file)}</span>}
              </span>
              {row.doc && <DocumentStatus doc={row.doc} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function sizeText(file: FileEntry): string {
  const fileWords = fa.nodes.filedb.files;
  if (file.size == null) return fileWords.unknownSize;
  const { value, unit } = fileSize(file.size);
  return fileWords.size(value, unit);
}
