// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { renderMarkdown, safeUrl } from "./markdown";

const html = (text: string) => {
  const div = document.createElement("div");
  div.append(renderMarkdown(text));
  return div;
};

describe("renderMarkdown: nothing from the model becomes markup", () => {
  it("keeps <script> and <img onerror> as text", () => {
    const div = html('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)"> **<b>bold</b>**');
    expect(div.querySelector("script")).toBeNull();
    expect(div.querySelector("img")).toBeNull();
    expect(div.querySelector("b")).toBeNull();
    expect(div.textContent).toContain("<script>alert(1)</script>");
    expect(div.textContent).toContain('<img src=x onerror="alert(2)">');
    expect(div.querySelector("strong")?.textContent).toBe("<b>bold</b>");
  });

  it("does not link javascript:, data: or relative addresses", () => {
    const div = html("[click](javascript:alert(1)) [x](data:text/html,hi) [y](/admin) [z](JaVaScRiPt:alert(1))");
    expect(div.querySelector("a")).toBeNull();
    expect(div.textContent).toContain("click");
    expect(div.innerHTML).not.toContain("javascript:");
  });

  it("keeps code blocks as text, left to right", () => {
    const div = html("before\n```html\n<script>x()</script>\n  **not bold**\n```\nafter");
    const pre = div.querySelector("pre");
    expect(pre?.getAttribute("dir")).toBe("ltr");
    expect(pre?.querySelector("code")?.textContent).toBe("<script>x()</script>\n  **not bold**");
    expect(div.querySelector("script")).toBeNull();
    expect(div.querySelectorAll("p")).toHaveLength(2);
  });

  it("shows an unclosed fence as code while it streams", () => {
    expect(html("```\nlet a = 1;").querySelector("pre code")?.textContent).toBe("let a = 1;");
  });
});

describe("renderMarkdown: the subset", () => {
  it("links [text](https://…) and bare https addresses, opening apart", () => {
    const div = html("ببینید [راهنما](https://example.com/docs?a=1&b=2) یا https://example.org/path.");
    const links = [...div.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/docs?a=1&b=2",
      "https://example.org/path",
    ]);
    expect(links[0].textContent).toBe("راهنما");
    for (const a of links) {
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
      expect(a.getAttribute("target")).toBe("_blank");
    }
    // The full stop after the bare address stays in the sentence.
    expect(div.textContent?.endsWith("path.")).toBe(true);
    // So does a Persian comma (U+060C).
    expect(html("https://example.org/a\u060c then").querySelector("a")?.getAttribute("href")).toBe("https://example.org/a");
  });

  it("makes paragraphs, line breaks, bold and inline code", () => {
    const div = html("line one\nline **two**\n\n`a < b` done");
    const ps = div.querySelectorAll("p");
    expect(ps).toHaveLength(2);
    expect(ps[0].querySelectorAll("br")).toHaveLength(1);
    expect(ps[0].querySelector("strong")?.textContent).toBe("two");
    expect(ps[1].querySelector("code")?.textContent).toBe("a < b");
  });

  it("makes bulleted and numbered lists", () => {
    const div = html("- one\n- two with `code`\n\n3. three\n4. four\n   more of four");
    const ul = div.querySelector("ul");
    expect([...ul!.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["one", "two with code"]);
    const ol = div.querySelector("ol");
    expect(ol?.getAttribute("start")).toBe("3");
    expect(ol?.querySelectorAll("li")).toHaveLength(2);
    expect(ol?.querySelectorAll("li")[1].textContent).toBe("fourmore of four");
    expect(ol?.querySelectorAll("li")[1].querySelector("br")).not.toBeNull();
  });

  it("shows headings as bold lines", () => {
    const div = html("## Title\ntext");
    expect(div.querySelector("p strong")?.textContent).toBe("Title");
    expect(div.textContent).not.toContain("#");
  });
});

describe("safeUrl", () => {
  it("takes absolute http(s) addresses only", () => {
    expect(safeUrl("https://a.example/x")).toBe("https://a.example/x");
    expect(safeUrl("http://a.example")).toBe("http://a.example/");
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl(" javascript:alert(1)")).toBeNull();
    expect(safeUrl("mailto:a@b.c")).toBeNull();
    expect(safeUrl("//evil.example")).toBeNull();
  });
});
