// Google docs and sheets: whether the server has Google set up (and what to
// set if not), sending a node's owner to Google's consent page, and reading
// the doc or sheet again.
import type { AuthorizeStart, GoogleSetup, KnowledgeStatus } from "./types";
import { request } from "./client";

/** Whether Google is configured; if not, the settings missing and a Persian message. */
export function googleSetup(signal?: AbortSignal): Promise<GoogleSetup> {
  return request("/google/status", { signal });
}

/** Starts authorising node `id`: Google's consent URL to open (a 409 when Google is not configured). */
export function authorizeGoogle(id: number): Promise<AuthorizeStart> {
  return request(`/google/${id}/authorize`, { method: "POST" });
}

/** Queues node `id`'s doc or sheet to be read again (a 409 until it is authorised). */
export function syncGoogle(id: number): Promise<KnowledgeStatus> {
  return request(`/google/${id}/sync`, { method: "POST" });
}
