// The connection check reads the canvas into the rules once per change, and
// sees every change.
import { RulesGraph } from "@dastyar/rules";
import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { edgesAtom, nodesAtom } from "./atoms";
import { checkProposalAtom } from "./connect";
import { flowNode, savedEdge } from "./testFixtures";

afterEach(() => vi.restoreAllMocks());

describe("checking a connection", () => {
  it("answers from the current nodes and edges, re-read only when they change", () => {
    const store = createStore();
    store.set(nodesAtom, [flowNode("vectorstore-1"), flowNode("vectorstore-2"), flowNode("assistant-3")]);
    const check = vi.spyOn(RulesGraph.prototype, "check");

    expect(store.set(checkProposalAtom, { source: "vectorstore-2", target: "assistant-3" }).ok).toBe(true);
    expect(store.set(checkProposalAtom, { source: "vectorstore-1", target: "assistant-3" }).ok).toBe(true);
    const first = check.mock.contexts[0];
    expect(check.mock.contexts[1]).toBe(first);

    // One vector store per assistant: once one is linked, the other is refused.
    store.set(edgesAtom, [savedEdge("vector_store", "vectorstore-1", "assistant-3", 7)]);
    const answer = store.set(checkProposalAtom, { source: "vectorstore-2", target: "assistant-3" });
    expect(answer).toMatchObject({ ok: false, code: "one_vector_store_per_assistant" });
    expect(check.mock.contexts[2]).not.toBe(first);
  });
});
