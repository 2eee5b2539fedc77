// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorBody, json, serve } from "../api/fakeFetch";
import type { DocumentView, KnowledgeStatus } from "../api/types";
import { documentOf, knowledgeAtom, loadKnowledgeAtom, reindexKnowledgeAtom, stillProcessing } from "./knowledge";

const doc = (file_id: number, state: DocumentView["state"], extra: Partial<DocumentView> = {}): DocumentView => ({
  node_id: 3,
  file_id,
  name: `f${file_id}.pdf`,
  state,
  progress: state === "ready" ? 100 : 40,
  sections: 2,
  chunks: 5,
  updated_at: "2025-03-21T08:00:00Z",
  ...extra,
});

const statusOf = (...documents: DocumentView[]): KnowledgeStatus => ({
  documents,
  ready: documents.filter((d) => d.state === "ready").length,
  processing: documents.filter((d) => d.state === "processing").length,
  failed: documents.filter((d) => d.state === "failed").length,
});

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("loadKnowledgeAtom", () => {
  it("keeps the node's documents by its database id", async () => {
    const status = statusOf(doc(1, "ready"));
    const calls = serve(() => json(200, status));
    const store = createStore();
    await expect(store.set(loadKnowledgeAtom, 3)).resolves.toEqual(status);
    expect(calls[0]!.url).toBe("/api/knowledge/3");
    expect(store.get(knowledgeAtom).get(3)).toEqual({ status, error: null });
  });

  it("keeps the last documents with the server's reason when a read fails", async () => {
    const status = statusOf(doc(1, "processing"));
    let fail = false;
    const text = message("internal_error", {});
    serve(() => (fail ? json(500, errorBody("internal_error", text)) : json(200, status)));
    const store = createStore();
    await store.set(loadKnowledgeAtom, 3);
    fail = true;
    await expect(store.set(loadKnowledgeAtom, 3)).resolves.toBeNull();
    expect(store.get(knowledgeAtom).get(3)).toEqual({ status, error: text });
  });

  it("records nothing for a read the panel abandoned", async () => {
    serve(() => Promise.reject(new DOMException("aborted", "AbortError")));
    const store = createStore();
    const controller = new AbortController();
    controller.abort();
    await expect(store.set(loadKnowledgeAtom, 3, controller.signal)).resolves.toBeNull();
    expect(store.get(knowledgeAtom).has(3)).toBe(false);
  });
});

describe("reindexKnowledgeAtom", () => {
  it("posts the reindex and keeps the queued documents", async () => {
    const queued = statusOf(doc(1, "processing", { progress: 0 }));
    const calls = serve(() => json(200, queued));
    const store = createStore();
    await store.set(reindexKnowledgeAtom, 3);
    expect(calls[0]!.url).toBe("/api/knowledge/3/reindex");
    expect(calls[0]!.init.method).toBe("POST");
    expect(store.get(knowledgeAtom).get(3)?.status).toEqual(queued);
  });
});

describe("stillProcessing and documentOf", () => {
  it("polls only while some file is being read", () => {
    expect(stillProcessing(null)).toBe(false);
    expect(stillProcessing(statusOf(doc(1, "ready"), doc(2, "failed")))).toBe(false);
    expect(stillProcessing(statusOf(doc(1, "ready"), doc(2, "processing")))).toBe(true);
  });

  it("polls while a read file's vectors are being made, not after they are made or failed", () => {
    expect(stillProcessing(statusOf(doc(1, "ready", { vectors: "pending" })))).toBe(true);
    expect(stillProcessing(statusOf(doc(1, "ready", { vectors: "ready" }), doc(2, "ready", { vectors: "failed" })))).toBe(false);
  });

  it("finds a file's document by its node and file", () => {
    const status = statusOf(doc(1, "ready"), doc(2, "failed"), { ...doc(1, "processing"), node_id: 4 });
    expect(documentOf(status, 3, 2)?.state).toBe("failed");
    expect(documentOf(status, 4, 1)?.state).toBe("processing");
    expect(documentOf(status, 3, 9)).toBeUndefined();
    expect(documentOf(null, 3, 1)).toBeUndefined();
  });
});
