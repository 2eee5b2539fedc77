// One row per file reaching a vector store: the files its sources list
// (GET /vectorstores/{id}/files) joined with each file's reading state
// (GET /knowledge/{id}), grouped by source. A document no listed file
// matches (a Google doc or sheet, or a file listed since) gets a row of its
// own under its node, so nothing the store searches goes unshown.
import type { FileEntry } from "@dastyar/rules";
import type { DocumentView, SourceFiles } from "../../../api/types";

/** A file as listed (its size), its reading state when the server has one, or both. */
export type StoreFile = { key: string; name: string; file: FileEntry | null; doc: DocumentView | null };

/** A source node's files; `source` is its canvas id when the listing named it. */
export type StoreSource = { nodeId: number; source: string | null; files: StoreFile[] };

export function storeFiles(listed: readonly SourceFiles[], documents: readonly DocumentView[]): StoreSource[] {
  const keyOf = (nodeId: number, fileId: number) => `${nodeId}:${fileId}`;
  const docs = new Map(documents.map((d) => [keyOf(d.node_id, d.file_id), d]));
  const groups: StoreSource[] = listed.map((s) => ({
    nodeId: s.node_id,
    source: s.source,
    files: s.files.map((f) => {
      const key = keyOf(s.node_id, f.id);
      return { key, name: f.name, file: f, doc: docs.get(key) ?? null };
    }),
  }));
  const shown = new Set(groups.flatMap((g) => g.files.map((f) => f.key)));
  for (const doc of documents) {
    const key = keyOf(doc.node_id, doc.file_id);
    if (shown.has(key)) continue;
    shown.add(key);
    let group = groups.find((g) => g.nodeId === doc.node_id);
    if (!group) {
      group = { nodeId: doc.node_id, source: null, files: [] };
      groups.push(group);
    }
    group.files.push({ key, name: doc.name, file: null, doc });
  }
  return groups;
}
