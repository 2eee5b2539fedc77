// A WordPress node's site, as the server reaches it with the node's saved
// address and credentials: the connection test (whose failure is its answer,
// not an error) and the categories, authors and tags the pickers offer.
import type { WordpressTerms, WordpressTestResult } from "./types";
import { request } from "./client";

/** Signs in to the site as saved: `status` success with the user, or error with the Persian reason. */
export function testWordpressConnection(nodeId: number): Promise<WordpressTestResult> {
  return request(`/wordpress/${nodeId}/test-connection`, { method: "POST", body: {} });
}

/** What a picker lists of the site. */
export type TermList = "categories" | "authors" | "tags";

/** The site's categories, authors (users who may write) or tags, every page up to 1,000. */
export function wordpressTerms(nodeId: number, list: TermList, signal?: AbortSignal): Promise<WordpressTerms> {
  return request(`/wordpress/${nodeId}/${list}`, { signal });
}
