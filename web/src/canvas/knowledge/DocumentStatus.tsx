// One file's reading state: processing (with progress), ready (pages or rows
// and chunks, and with an embedding model its vectors' state) or failed (the
// server's Persian reason).
import type { DocumentView } from "../../api/types";
import { fa } from "../../i18n/fa";
import styles from "./Knowledge.module.css";

const words = fa.knowledge.state;

/** What the server counted as sections, from the file's name: pages of a PDF, rows of a table. */
export function sectionUnit(name: string): "page" | "row" | "part" {
  const extension = name.toLowerCase().split(".").pop() ?? "";
  if (extension === "pdf") return "page";
  if (["csv", "tsv", "xlsx", "xls"].includes(extension)) return "row";
  return "part";
}

export function DocumentStatus({ doc }: { doc: DocumentView }) {
  switch (doc.state) {
    case "processing":
      return (
        <span className={styles.state} data-testid="document-state" data-state="processing">
          <progress max={100} value={doc.progress} aria-label={words.progress} />
          <span>{words.processing(doc.progress)}</span>
        </span>
      );
    case "ready":
      return (
        <>
          <span className={`${styles.state} ${styles.ready}`} data-testid="document-state" data-state="ready">
            {words.ready(doc.sections, sectionUnit(doc.name), doc.chunks)}
          </span>
          {doc.vectors && <VectorStatus doc={doc} />}
        </>
      );
    case "failed":
      return (
        <span className={`${styles.state} ${styles.failed}`} data-testid="document-state" data-state="failed">
          {doc.error ?? words.failed}
        </span>
      );
  }
}

/** Where a ready file's vectors stand; a failure still leaves it searchable by its words. */
export function VectorStatus({ doc }: { doc: DocumentView }) {
  const state = doc.vectors;
  if (!state) return null;
  const look = state === "ready" ? styles.ready : state === "failed" ? styles.failed : "";
  return (
    <span className={`${styles.state} ${look}`} data-testid="vector-state" data-state={state}>
      {state === "failed" ? `${doc.vectors_error ?? words.vectors.failed} ${words.vectors.fallback}` : words.vectors[state]}
    </span>
  );
}
