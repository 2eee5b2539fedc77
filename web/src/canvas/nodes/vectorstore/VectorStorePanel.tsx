// The vectorstore node's settings: its provider id (read only), the files
// reaching it, as the server lists them (GET /vectorstores/{id}/files), each
// one's reading state, and a search to try over them.
import type { FileEntry } from "@dastyar/rules";
import type { SourceFiles } from "../../../api/types";
import { useStore } from "jotai";
import { useEffect, useState } from "react";
import { ApiError } from "../../../api/client";
import { vectorStoreFiles } from "../../../api/files";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { KnowledgeDocuments } from "../../knowledge/KnowledgeDocuments";
import { KnowledgeSearch } from "../../knowledge/KnowledgeSearch";
import { kindInfoOf } from "../../kinds";
import { databaseId } from "../../model";
import type { PanelProps } from "../../panels/types";
import { Facts } from "../../panels/fields/Facts";
import { fileSize } from "../filedb/size";
import styles from "./VectorStorePanel.module.css";
import { useSourceCount } from "./useSourceCount";

const words = fa.nodes.vectorstore;

type Source = SourceFiles & { label: string };
type Listing = { status: "loading" } | { status: "ready"; sources: Source[] } | { status: "failed"; message: string };

export function VectorStorePanel({ form }: PanelProps<"vectorstore">) {
  const id = form.draft.vector_store_id;
  return (
    <>
      <Facts
        facts={[
          { field: "vector_store_id", term: words.vectorStoreId, value: id || words.notCreated, ltr: !!id },
        ]}
      />
      <SourceList nodeId={form.nodeId} />
      <Knowledge nodeId={form.nodeId} />
    </>
  );
}

function Knowledge({ nodeId }: { nodeId: string }) {
  const dbId = databaseId(nodeId);
  const { sources, files } = useSourceCount(nodeId);
  if (dbId === null) return null;
  return (
    <>
      <KnowledgeDocuments dbId={dbId} refresh={`${sources}:${files}`} />
      <KnowledgeSearch dbId={dbId} />
    </>
  );
}

function SourceList({ nodeId }: { nodeId: string }) {
  const dbId = databaseId(nodeId);
  const store = useStore();
  // Listed again when the canvas shows a file node joining, leaving or changing its files.
  const { sources, files } = useSourceCount(nodeId);
  const [attempt, setAttempt] = useState(0);
  // Each listing is kept with the request it answers: until the current
  // request's answer arrives the list is loading, and a late answer to an
  // earlier one is never shown.
  const request = `${dbId}:${sources}:${files}:${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; listing: Listing } | null>(null);
  const listing: Listing = answer?.request === request ? answer.listing : { status: "loading" };

  useEffect(() => {
    if (dbId === null) return;
    const controller = new AbortController();
    vectorStoreFiles(dbId, controller.signal).then(
      (found) => {
        const labels = new Map(store.get(nodesAtom).map((n) => [n.id, n.data.label]));
        setAnswer({
          request,
          listing: {
            status: "ready",
            sources: found.map((s) => ({ ...s, label: labels.get(s.source) ?? kindInfoOf(s.node_type).label })),
          },
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({
          request,
          listing: { status: "failed", message: error instanceof ApiError ? error.message : String(error) },
        });
      },
    );
    return () => controller.abort();
  }, [dbId, store, request]);

  return (
    <section className={styles.sources} aria-label={words.files}>
      <h3 className={styles.title}>{words.files}</h3>
      <p className={styles.hint}>{words.filesHint}</p>
      {dbId === null ? (
        <p className={styles.hint}>{words.unsaved}</p>
      ) : listing.status === "loading" ? (
        <p className={styles.hint} role="status">
          {words.loading}
        </p>
      ) : listing.status === "failed" ? (
        <div className={styles.failed}>
          <p role="alert">{listing.message}</p>
          <button type="button" className="button button-quiet" onClick={() => setAttempt((n) => n + 1)}>
            {words.reload}
          </button>
        </div>
      ) : listing.sources.length === 0 ? (
        <p className={styles.hint}>{words.noSources}</p>
      ) : (
        listing.sources.map((source) => (
          <div key={source.source} className={styles.source} data-testid="vector-source" data-source={source.source}>
            <h4 className={styles.sourceTitle}>
              <bdi>{source.label}</bdi>
            </h4>
            {source.files.length === 0 ? (
              <p className={styles.hint}>{words.sourceEmpty}</p>
            ) : (
              <ul className={styles.list}>
                {source.files.map((file) => (
                  <li key={file.id} className={styles.file} data-testid="file-entry">
                    <bdi>{file.name}</bdi>
                    <span className={styles.size}>{sizeText(file)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))
      )}
    </section>
  );
}

function sizeText(file: FileEntry): string {
  const fileWords = fa.nodes.filedb.files;
  if (file.size == null) return fileWords.unknownSize;
  const { value, unit } = fileSize(file.size);
  return fileWords.size(value, unit);
}
