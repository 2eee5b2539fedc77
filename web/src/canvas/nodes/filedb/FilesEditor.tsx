// The file list of a file database or file repository: each file with its
// size, Jalali upload date and reading state (polled while a file is being
// read), a download and a delete button, and an upload with progress; "read
// again" when some file failed, and a search to try once some file is ready. Files change on the server at once (not on "save"), so the
// answer goes straight into the node on the canvas.
import { message, type FileEntry } from "@dastyar/rules";
import { useStore } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../api/client";
import type { KnowledgeStatus } from "../../../api/types";
import { deleteFile, downloadFile, uploadFile } from "../../../api/files";
import { formatJalaliDate } from "../../../format/date";
import type { files as fileWords } from "../../../i18n/nodes/filedb";
import { nodesAtom } from "../../../state/canvas";
import { documentOf } from "../../../state/knowledge";
import { useKnowledge } from "../../../state/useKnowledge";
import { DocumentStatus } from "../../knowledge/DocumentStatus";
import { KnowledgeSearch } from "../../knowledge/KnowledgeSearch";
import { ReindexButton } from "../../knowledge/ReindexButton";
import { findNode, patchData } from "../../../state/canvas/graph";
import { databaseId } from "../../model";
import { Field } from "../../panels/fields/Field";
import type { PanelForm } from "../../panels/usePanelForm";
import styles from "./FilesEditor.module.css";
import { fileSize } from "./size";

/** The list's words; each file kind may word them its own way. */
type Words = { readonly [K in keyof typeof fileWords]: (typeof fileWords)[K] extends string ? string : (typeof fileWords)[K] };

type Props = {
  form: PanelForm<"filedb"> | PanelForm<"filerepository">;
  words: Words;
  hint: string;
};

export function FilesEditor({ form, words, hint }: Props) {
  const { nodeId } = form;
  const dbId = databaseId(nodeId);
  const store = useStore();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ReadonlySet<number>>(() => new Set());
  const input = useRef<HTMLInputElement>(null);

  // Read after an await: whether the draft has edits of its own by then.
  const dirty = useRef(form.dirty);
  useEffect(() => {
    dirty.current = form.dirty;
  });
  const update = form.update as (patch: { files: FileEntry[] }) => void;

  /** The node's files are now `files`: on the canvas, and in a draft that would otherwise save the old list. */
  const applyFiles = useCallback(
    (files: FileEntry[]) => {
      store.set(nodesAtom, (nodes) => patchData(nodes, nodeId, { files }));
      if (dirty.current) update({ files });
    },
    [store, nodeId, update],
  );

  const upload = async (file: File) => {
    if (dbId === null) return;
    setProblem(null);
    setDone(null);
    setProgress(0);
    try {
      const answer = await uploadFile(dbId, file, setProgress);
      const node = answer.node;
      if (node.type === "filedb" || node.type === "filerepository") applyFiles(node.data.files);
      setDone(words.uploaded(answer.file.name));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : message("upload_failed", {}));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  };

  const remove = async (file: FileEntry) => {
    if (dbId === null) return;
    setProblem(null);
    setDone(null);
    setRemoving((s) => new Set(s).add(file.id));
    try {
      await deleteFile(dbId, file.id);
      const node = findNode(store.get(nodesAtom), nodeId);
      const current = node && "files" in node.data ? node.data.files : [];
      applyFiles(current.filter((f) => f.id !== file.id));
      setDone(words.removed(file.name));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setRemoving((s) => {
        const next = new Set(s);
        next.delete(file.id);
        return next;
      });
    }
  };

  const download = async (file: FileEntry) => {
    if (dbId === null) return;
    setProblem(null);
    try {
      saveBlob(await downloadFile(dbId, file.id), file.name);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    }
  };

  const files = form.draft.files;
  // Read again whenever the list changes: a new file starts being read.
  const knowledge = useKnowledge(dbId, files.map((f) => f.id).join(","));
  return (
    <section className={styles.files} aria-label={words.title}>
      <h3 className={styles.title}>{words.title}</h3>
      <p className={styles.hint}>{hint}</p>
      {files.length === 0 ? (
        <p className={styles.empty}>{words.empty}</p>
      ) : (
        <ul className={styles.list} aria-label={words.list}>
          {files.map((file) => (
            <li key={file.id} className={styles.file} data-testid="file-entry" data-file-id={file.id}>
              <bdi className={styles.name} data-testid="file-name">
                {file.name}
              </bdi>
              <span className={styles.meta}>
                <span data-testid="file-size">{sizeText(file, words)}</span>
                {file.uploaded_at && (
                  <span data-testid="file-date">{words.uploadedOn(formatJalaliDate(file.uploaded_at))}</span>
                )}
              </span>
              {dbId !== null && <FileState status={knowledge.status} nodeId={dbId} fileId={file.id} />}
              <span className={styles.actions}>
                <button
                  type="button"
                  className={styles.action}
                  aria-label={words.downloadNamed(file.name)}
                  disabled={dbId === null}
                  onClick={() => void download(file)}
                >
                  {words.download}
                </button>
                <button
                  type="button"
                  className={`${styles.action} ${styles.danger}`}
                  aria-label={words.removeNamed(file.name)}
                  disabled={dbId === null || removing.has(file.id)}
                  onClick={() => void remove(file)}
                >
                  {removing.has(file.id) ? words.removing : words.remove}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {knowledge.error !== null && (
        <p className={styles.problem} role="alert">
          {knowledge.error}
        </p>
      )}
      {knowledge.status !== null && knowledge.status.failed > 0 && <ReindexButton reindex={knowledge.reindex} />}
      <Field label={words.choose} hint={dbId === null ? words.unsaved : undefined} error={problem ?? undefined}>
        {(id, describedBy) => (
          <div>
            {/* The browser's own picker speaks the browser's language: hidden, and opened by a Persian button. */}
            <input
              id={id}
              ref={input}
              name="files"
              type="file"
              className="visually-hidden"
              tabIndex={-1}
              disabled={dbId === null || progress !== null}
              aria-describedby={describedBy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <button
              type="button"
              className="button button-quiet"
              disabled={dbId === null || progress !== null}
              aria-describedby={describedBy}
              onClick={() => input.current?.click()}
            >
              {words.upload}
            </button>
          </div>
        )}
      </Field>
      {progress !== null && (
        <div className={styles.progress}>
          <progress max={100} value={progress} aria-label={words.progress} />
          <span>{words.uploading(progress)}</span>
        </div>
      )}
      <p className={styles.done} role="status" data-testid="files-status">
        {done}
      </p>
      {dbId !== null && knowledge.status !== null && knowledge.status.ready > 0 && <KnowledgeSearch dbId={dbId} />}
    </section>
  );
}

function FileState({ status, nodeId, fileId }: { status: KnowledgeStatus | null; nodeId: number; fileId: number }) {
  const doc = documentOf(status, nodeId, fileId);
  return doc ? <DocumentStatus doc={doc} /> : null;
}

function sizeText(file: FileEntry, words: Words): string {
  if (file.size == null) return words.unknownSize;
  const { value, unit } = fileSize(file.size);
  return words.size(value, unit);
}

/** Hands the browser a blob to save under `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
