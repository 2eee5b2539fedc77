// The files of file database and file repository nodes: upload (with
// progress), delete, download; and the files reaching a vector store.
import { message } from "@dastyar/rules";
import type { DeleteAnswer, SourceFiles, UploadAnswer } from "./types";
import { fa } from "../i18n/fa";
import { ApiError, errorOf, request, signedInFailure } from "./client";
import { getToken } from "./token";

export const UPLOAD_PATH = "/api/playground/filedb/upload";

/** How far an upload has gone, 0 to 100 (whole percents, never past 100). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/**
 * Uploads `file` into the file node with database id `nodeId` (multipart
 * `file` and `node_id`), reporting progress as the bytes leave. fetch cannot
 * report upload progress, hence XMLHttpRequest. Fails with an ApiError: the
 * server's Persian message, or upload_failed / upload_network_error.
 */
export function uploadFile(
  nodeId: number,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was aborted.", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_PATH);
    xhr.setRequestHeader("Accept", "application/json");
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(uploadPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadAnswer);
        } catch {
          reject(uploadFailed(xhr.status));
        }
        return;
      }
      void uploadError(xhr.status, xhr.responseText).then((error) => reject(signedInFailure(error)));
    };
    xhr.onerror = () => reject(new ApiError(0, "upload_network_error", message("upload_network_error", {})));
    xhr.onabort = () => reject(new DOMException("The upload was aborted.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append("node_id", String(nodeId));
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

function uploadFailed(status: number): ApiError {
  return new ApiError(status, "upload_failed", message("upload_failed", {}));
}

/** The ApiError for a refused upload: the server's own error when it sent one, else upload_failed. */
export async function uploadError(status: number, body: string): Promise<ApiError> {
  if (status < 200 || status > 599 || !hasErrorBody(body)) return uploadFailed(status);
  return errorOf(new Response(body, { status }));
}

function hasErrorBody(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } } | null;
    return typeof parsed?.error?.message === "string";
  } catch {
    return false;
  }
}

/** Removes a file from its node; one already gone counts as removed. */
export function deleteFile(nodeId: number, fileId: number): Promise<DeleteAnswer> {
  return request(`/filedb/file/${fileId}?node_id=${nodeId}`, { method: "DELETE" });
}

/**
 * One stored file's bytes. The route wants the bearer token, which a plain
 * link cannot send, so the bytes come through fetch and are saved from a blob.
 */
export async function downloadFile(nodeId: number, fileId: number): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api/filedb/${nodeId}/files/${fileId}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, "network_error", fa.errors.network);
  }
  if (!response.ok) throw signedInFailure(await errorOf(response));
  return response.blob();
}

/** The files of the file nodes connected into vector store `id`, one entry per source. */
export function vectorStoreFiles(id: number, signal?: AbortSignal): Promise<SourceFiles[]> {
  return request(`/vectorstores/${id}/files`, { signal });
}
