// normalizeWordpressUrl through @dastyar/rules/urls, the module the page
// fetches for it: the address as saved (host in lower case and ASCII, port and
// path kept, query, fragment and trailing slashes dropped), or why not.
import { normalizeWordpressUrl } from "@dastyar/rules/urls";
import { describe, expect, it } from "vitest";

describe("normalizeWordpressUrl from the URL module", () => {
  it.each([
    ["an IDN host, as punycode", "https://مثال.ایران/", "https://xn--mgbh0fb.xn--mgba3a4f16a"],
    ["a port", "http://example.ir:8080", "http://example.ir:8080"],
    ["a path", "https://example.ir/blog", "https://example.ir/blog"],
    ["upper case in the host", "https://Example.COM:8443/wp/", "https://example.com:8443/wp"],
    ["trailing slashes", "https://a.ir///", "https://a.ir"],
    ["a query and fragment", "https://example.com/blog/?lang=fa#x", "https://example.com/blog"],
  ])("keeps %s", (_what, input, saved) => {
    expect(normalizeWordpressUrl(input)).toEqual({ ok: true, value: saved });
  });

  it.each(["ftp://example.com", "example.com", "https://", "javascript:alert(1)"])("refuses %s", (input) => {
    const answer = normalizeWordpressUrl(input);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error).toMatchObject({ field: "siteUrl", code: "wordpress_url_invalid" });
  });

  it("asks for an address left blank", () => {
    const answer = normalizeWordpressUrl("  ");
    expect(answer.ok ? null : answer.error.code).toBe("field_required");
  });
});
