// @vitest-environment happy-dom
// The DOM renderer; what counts as Markdown is tested on the parser (shared/markdown.test.ts).
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

const html = (text: string) => {
  const div = document.createElement("div");
  div.append(renderMarkdown(text));
  return div;
};

describe("renderMarkdown", () => {
  it("draws every block and run as its element", () => {
    const div = html("## Title\nline **one `x`**\nline two\n\n3. three\n   more\n- item\n\n```\ncode\n```");
    expect(div.innerHTML).toBe(
      "<p><strong>Title</strong></p>" +
        "<p>line <strong>one <code>x</code></strong><br>line two</p>" +
        '<ol start="3"><li>three<br>more</li></ol>' +
        "<ul><li>item</li></ul>" +
        '<pre dir="ltr"><code>code</code></pre>',
    );
  });

  it("keeps markup from the model as text", () => {
    const div = html('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)"> **<b>bold</b>**\n```\n<i>x</i>\n```');
    expect(div.querySelector("script, img, b, i")).toBeNull();
    expect(div.textContent).toContain("<script>alert(1)</script>");
    expect(div.textContent).toContain('<img src=x onerror="alert(2)">');
    expect(div.querySelector("strong")?.textContent).toBe("<b>bold</b>");
    expect(div.querySelector("pre code")?.textContent).toBe("<i>x</i>");
  });

  it("opens links apart, and links http(s) addresses only", () => {
    const div = html("[راهنما](https://example.com/a?b=1&c=2) https://example.org. [click](javascript:alert(1))");
    const links = [...div.querySelectorAll("a")];
    expect(links.map((a) => [a.getAttribute("href"), a.textContent])).toEqual([
      ["https://example.com/a?b=1&c=2", "راهنما"],
      ["https://example.org/", "https://example.org"],
    ]);
    for (const a of links) {
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
      expect(a.getAttribute("target")).toBe("_blank");
    }
    expect(div.innerHTML).not.toContain("javascript:");
  });
});
