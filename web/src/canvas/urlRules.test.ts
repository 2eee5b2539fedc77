// The URL rules as the page gets them: fetched once through the loader, then
// at hand synchronously; normalizeWordpressUrl answers the address as saved.
import { describe, expect, it } from "vitest";
import { loadUrlRules, urlRules, urlRulesNow } from "./urlRules";

describe("the URL rules' loader", () => {
  // In this order: the module is fetched once per test file.
  it("has nothing before the first fetch, and fetches once", async () => {
    expect(urlRulesNow()).toBeNull();
    expect(() => urlRules()).toThrow();
    const first = loadUrlRules();
    expect(loadUrlRules()).toBe(first);
    const rules = await first;
    expect(urlRulesNow()).toBe(rules);
    expect(urlRules()).toBe(rules);
  });

  it.each([
    ["an IDN host, as punycode", "https://مثال.ایران/", "https://xn--mgbh0fb.xn--mgba3a4f16a"],
    ["a port", "http://example.ir:8080/", "http://example.ir:8080"],
    ["a path", "https://example.ir/blog", "https://example.ir/blog"],
    ["upper case in the host", "https://Example.COM:8443/wp/", "https://example.com:8443/wp"],
    ["trailing slashes", "https://a.ir///", "https://a.ir"],
  ])("normalizes a WordPress address with %s", async (_what, input, saved) => {
    const { normalizeWordpressUrl } = await loadUrlRules();
    expect(normalizeWordpressUrl(input)).toEqual({ ok: true, value: saved });
  });

  it("refuses a WordPress address that is not http(s)", async () => {
    const { normalizeWordpressUrl } = await loadUrlRules();
    const answer = normalizeWordpressUrl("ftp://example.ir");
    expect(answer.ok ? null : answer.error.code).toBe("wordpress_url_invalid");
  });
});
