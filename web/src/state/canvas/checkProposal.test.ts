// The connection check hands the rules only the ends' neighbourhood, asks
// again only when the canvas or the question changes, and sees every change.
import * as rules from "@dastyar/rules";
import { createStore } from "jotai";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { edgesAtom, nodesAtom } from "./atoms";
import { checkProposalAtom } from "./connect";
import { flowNode, savedEdge } from "./testFixtures";
import { loadUrlRules } from "../../canvas/urlRules";

vi.mock("@dastyar/rules", async (actual) => ({
  ...(await actual<typeof import("@dastyar/rules")>()),
  checkConnectionAround: vi.fn(),
}));
const real = await vi.importActual<typeof import("@dastyar/rules")>("@dastyar/rules");
const checkAround = vi.mocked(rules.checkConnectionAround);

beforeEach(() => {
  checkAround.mockReset();
  checkAround.mockImplementation(real.checkConnectionAround);
});

// The URL rules, as after connectAtom waited for them (siteUrls.test.ts: before).
beforeAll(() => loadUrlRules());

describe("checking a connection", () => {
  it("answers from the current nodes and edges, asking the rules again only when they or the question change", () => {
    const store = createStore();
    store.set(nodesAtom, [flowNode("vectorstore-1"), flowNode("vectorstore-2"), flowNode("assistant-3"), flowNode("sms-4")]);
    const second = { source: "vectorstore-2", target: "assistant-3" };

    expect(store.set(checkProposalAtom, second).ok).toBe(true);
    expect(store.set(checkProposalAtom, { ...second }).ok).toBe(true);
    expect(checkAround).toHaveBeenCalledTimes(1);
    expect(store.set(checkProposalAtom, { source: "vectorstore-1", target: "assistant-3" }).ok).toBe(true);
    expect(checkAround).toHaveBeenCalledTimes(2);

    // One vector store per assistant: once one is linked, the other is refused.
    store.set(edgesAtom, [savedEdge("vector_store", "vectorstore-1", "assistant-3", 7)]);
    const answer = store.set(checkProposalAtom, second);
    expect(answer).toMatchObject({ ok: false, code: "one_vector_store_per_assistant" });
    expect(checkAround).toHaveBeenCalledTimes(3);
    // Only the ends whole; the store beside the assistant by id and kind; the SMS not at all.
    const [around] = checkAround.mock.calls[2]!;
    expect(around.ends.map((n) => n.id).sort()).toEqual(["assistant-3", "vectorstore-2"]);
    expect(around.near).toEqual([{ id: "vectorstore-1", type: "vectorstore" }]);
    expect(around.edges).toEqual([{ id: expect.any(String), source: "vectorstore-1", target: "assistant-3" }]);
  });

  it("tells the rules whether a WordPress target's address parses", () => {
    const store = createStore();
    const wordpress = (id: string, siteUrl: string) =>
      flowNode(id, { siteUrl, authType: "jwt", authData: { jwtToken: "t" } });
    store.set(nodesAtom, [
      flowNode("assistant-1", { assistant_id: "asst_1" }),
      wordpress("wordpress-2", "https://Example.ir/blog/"),
      wordpress("wordpress-3", "ftp://example.ir"),
    ]);
    expect(store.set(checkProposalAtom, { source: "assistant-1", target: "wordpress-2" })).toMatchObject({ ok: true });
    expect(checkAround.mock.calls[0]![2]).toBe(true);
    expect(store.set(checkProposalAtom, { source: "assistant-1", target: "wordpress-3" })).toMatchObject({
      ok: false,
      code: "wordpress_incomplete",
    });
    expect(checkAround.mock.calls[1]![2]).toBe(false);
  });
});
