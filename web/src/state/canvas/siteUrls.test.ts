// A WordPress site address's validity comes from the URL rules' module,
// fetched when first needed: unknown until then, never guessed.
import { describe, expect, it, vi } from "vitest";
import { loadUrlRules, urlRulesNow } from "../../canvas/urlRules";
import { siteUrlValidity } from "./siteUrls";
import { flowNode } from "./testFixtures";

const wordpress = (siteUrl: string) => flowNode("wordpress-1", { siteUrl });

describe("a WordPress node's site address validity", () => {
  // In this order: the module is fetched once per test file.
  it("is unknown until the URL rules are here, and asking fetches them", async () => {
    expect(urlRulesNow()).toBeNull();
    expect(siteUrlValidity(wordpress("https://example.ir"))).toBeUndefined();
    await vi.waitFor(() => expect(urlRulesNow()).not.toBeNull());
    expect(await loadUrlRules()).toBe(urlRulesNow());
  });

  it("then says whether the address parses, and nothing for other kinds", () => {
    expect(siteUrlValidity(wordpress("https://Example.ir/blog/"))).toBe(true);
    expect(siteUrlValidity(wordpress("ftp://example.ir"))).toBe(false);
    expect(siteUrlValidity(wordpress(""))).toBe(false);
    expect(siteUrlValidity(flowNode("assistant-2", {}))).toBeUndefined();
    expect(siteUrlValidity(undefined)).toBeUndefined();
  });
});
