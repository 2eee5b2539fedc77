// What each knowledge node's files became once the server read them, kept by
// the node's database id so a panel that opens again shows the last answer
// at once; and while any file is still being read, the panel asks again.
import type { DocumentView, KnowledgeStatus } from "../api/types";
import { atom } from "jotai";
import { knowledgeStatus, reindexKnowledge } from "../api/knowledge";
import { errorText } from "./notifications";

/** How often an open panel asks again while a file is being read. */
export const KNOWLEDGE_POLL_MS = 2000;

/** One node's documents as last read, and why the last read failed (null when it did not). */
export type KnowledgeEntry = { status: KnowledgeStatus | null; error: string | null };

/** Every knowledge node read so far, by database id. */
export const knowledgeAtom = atom<ReadonlyMap<number, KnowledgeEntry>>(new Map());

const put = (map: ReadonlyMap<number, KnowledgeEntry>, id: number, entry: KnowledgeEntry) =>
  new Map(map).set(id, entry);

/** Reads node `id`'s documents; answers them, or null when the read failed (the error is kept). */
export const loadKnowledgeAtom = atom(
  null,
  async (get, set, id: number, signal?: AbortSignal): Promise<KnowledgeStatus | null> => {
    try {
      const status = await knowledgeStatus(id, signal);
      set(knowledgeAtom, (map) => put(map, id, { status, error: null }));
      return status;
    } catch (error) {
      if (signal?.aborted) return null;
      // The last documents stay in view with the reason they are not fresh.
      const status = get(knowledgeAtom).get(id)?.status ?? null;
      set(knowledgeAtom, (map) => put(map, id, { status, error: errorText(error) }));
      return null;
    }
  },
);

/** Queues node `id`'s documents to be read again; fails with the server's error. */
export const reindexKnowledgeAtom = atom(null, async (_get, set, id: number): Promise<KnowledgeStatus> => {
  const status = await reindexKnowledge(id);
  set(knowledgeAtom, (map) => put(map, id, { status, error: null }));
  return status;
});

/** Whether a file is still being read or its vectors made (and the panel should ask again). */
export const stillProcessing = (status: KnowledgeStatus | null): boolean =>
  status !== null &&
  (status.processing > 0 || status.documents.some((d) => d.state === "processing" || d.vectors === "pending"));

/** The document of file `fileId` in node `nodeId`, if the server has one. */
export function documentOf(status: KnowledgeStatus | null, nodeId: number, fileId: number): DocumentView | undefined {
  return status?.documents.find((d) => d.node_id === nodeId && d.file_id === fileId);
}
