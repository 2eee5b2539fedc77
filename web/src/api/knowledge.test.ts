// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { knowledgeStatus, reindexKnowledge, searchKnowledge } from "./knowledge";
import { setToken } from "./token";
import { errorBody, failure, json, serve } from "./fakeFetch";

const status = {
  documents: [
    {
      node_id: 3,
      file_id: 7,
      name: "قیمت‌ها.pdf",
      state: "ready",
      progress: 100,
      sections: 4,
      chunks: 12,
      updated_at: "2025-03-21T08:00:00Z",
    },
  ],
  ready: 1,
  processing: 0,
  failed: 0,
};

const passage = {
  name: "قیمت‌ها.pdf",
  node_id: 3,
  file_id: 7,
  from: { kind: "page", page: 2 },
  to: { kind: "page", page: 2 },
  text: "قیمت اشتراک ماهانه",
  score: 3.2,
};

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/projects/1");
  setToken("tok.en.kn");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("knowledgeStatus", () => {
  it("gets /knowledge/{id} with the bearer token and the caller's signal", async () => {
    const calls = serve(() => json(200, status));
    const abort = new AbortController();
    await expect(knowledgeStatus(3, abort.signal)).resolves.toEqual(status);
    expect(calls[0]!.url).toBe("/api/knowledge/3");
    expect(calls[0]!.init.method).toBe("GET");
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.signal).toBe(abort.signal);
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok.en.kn");
  });

  it("fails with not_found for a node that is not mine", async () => {
    const text = message("not_found", {});
    serve(() => json(404, errorBody("not_found", text)));
    expect(await failure(knowledgeStatus(3))).toMatchObject({ status: 404, code: "not_found", message: text });
  });
});

describe("searchKnowledge", () => {
  it("posts the query (and a limit only when given) and answers the passages", async () => {
    const calls = serve(() => json(200, [passage]));
    await expect(searchKnowledge(3, "قیمت")).resolves.toEqual([passage]);
    expect(calls[0]!.url).toBe("/api/knowledge/3/search");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ query: "قیمت" });
    await searchKnowledge(3, "قیمت", 10);
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ query: "قیمت", limit: 10 });
  });

  it("fails with the server's Persian message and field for an empty query", async () => {
    const text = message("knowledge_query_empty", {});
    serve(() => json(422, errorBody("knowledge_query_empty", text, { field: "query" })));
    const error = await failure(searchKnowledge(3, " "));
    expect(error).toMatchObject({ status: 422, code: "knowledge_query_empty", message: text });
    expect(error.field).toBe("query");
  });
});

describe("reindexKnowledge", () => {
  it("posts /knowledge/{id}/reindex with no body and answers the new state", async () => {
    const queued = { ...status, documents: [{ ...status.documents[0], state: "processing", progress: 0 }], ready: 0, processing: 1 };
    const calls = serve(() => json(200, queued));
    await expect(reindexKnowledge(3)).resolves.toEqual(queued);
    expect(calls[0]!.url).toBe("/api/knowledge/3/reindex");
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.body).toBeUndefined();
  });
});
