// What a knowledge node's files became once the server read them (their
// state, pages or rows, chunks), a search over them, and reading them again.
import type { KnowledgeSearchRequest, KnowledgeStatus, Passage } from "./types";
import { request } from "./client";

/**
 * The documents behind knowledge node `id` (a file database or repository,
 * a vector store: the files of every source joined to it, a Google doc or sheet).
 */
export function knowledgeStatus(id: number, signal?: AbortSignal): Promise<KnowledgeStatus> {
  return request(`/knowledge/${id}`, { signal });
}

/** The passages closest to `query`; a 422 with a Persian message for an empty or too long query. */
export function searchKnowledge(id: number, query: string, limit?: number, signal?: AbortSignal): Promise<Passage[]> {
  const body: KnowledgeSearchRequest = limit === undefined ? { query } : { query, limit };
  return request(`/knowledge/${id}/search`, { method: "POST", body, signal });
}

/** Queues every document of node `id` to be read again; answers their state now. */
export function reindexKnowledge(id: number): Promise<KnowledgeStatus> {
  return request(`/knowledge/${id}/reindex`, { method: "POST" });
}
