// A connection to a WordPress node on a page that has not fetched the URL
// rules yet (wasm/src/lib.rs): connectAtom waits for them, so the address is
// judged, never refused as unchecked. Its own file: the module is fetched
// once per file, and here nothing fetches it first.
import { message } from "@dastyar/rules";
import { createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createEdge } from "../../api/edges";
import { getNode } from "../../api/nodes";
import { urlRulesNow } from "../../canvas/urlRules";
import { notificationsAtom } from "../notifications";
import { nodesAtom, projectIdAtom } from "./atoms";
import { connectAtom } from "./connect";
import { canvasEdge, flowNode, PROJECT_ID } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");

beforeEach(() => {
  vi.mocked(getNode).mockRejectedValue(new Error("not asked for"));
});

const wordpress = (id: string, siteUrl: string) =>
  flowNode(id, { siteUrl, authType: "jwt", authData: { jwtToken: "t" } });

describe("connecting to a WordPress node before the URL rules are here", () => {
  // In this order: the first connection is the one that waits.
  it("waits for them and connects a node whose address parses", async () => {
    const store = createStore();
    store.set(projectIdAtom, PROJECT_ID);
    store.set(nodesAtom, [flowNode("assistant-1", { assistant_id: "asst_1" }), wordpress("wordpress-2", "https://Example.ir/blog/")]);
    vi.mocked(createEdge).mockResolvedValue(canvasEdge("wordpress", "assistant-1", "wordpress-2", 47));
    expect(urlRulesNow()).toBeNull();

    await expect(store.set(connectAtom, { source: "assistant-1", target: "wordpress-2" })).resolves.not.toBeNull();

    expect(urlRulesNow()).not.toBeNull();
    expect(createEdge).toHaveBeenCalledTimes(1);
    expect(store.get(notificationsAtom).filter((n) => n.kind === "error")).toEqual([]);
  });

  it("then refuses one whose address does not parse, as incomplete", async () => {
    const store = createStore();
    store.set(projectIdAtom, PROJECT_ID);
    store.set(nodesAtom, [flowNode("assistant-1", { assistant_id: "asst_1" }), wordpress("wordpress-3", "ftp://example.ir")]);

    await expect(store.set(connectAtom, { source: "assistant-1", target: "wordpress-3" })).resolves.toBeNull();

    expect(store.get(notificationsAtom)[0]!.text.startsWith(message("wordpress_incomplete", {}))).toBe(true);
  });
});
