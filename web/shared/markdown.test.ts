import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeUrl } from "./markdown";

const text = (value: string) => ({ kind: "text", text: value });
const line = (value: string) => [text(value)];

describe("parseMarkdown: blocks", () => {
  it("reads headings, lists and paragraphs, blank lines only separating them", () => {
    const report = [
      "## خلاصه ##",
      "دو مشتری دربارهٔ ارسال پرسیدند.",
      "یکی ناراضی بود.",
      "",
      "### نکته‌ها",
      "- ارسال رایگان",
      "* قیمت کتاب",
      "  که پرسیده شد",
      "• بسته‌بندی",
      "",
      "1. تماس با مشتری",
      "2. پیگیری سفارش",
    ].join("\n");
    expect(parseMarkdown(report)).toEqual([
      { kind: "heading", line: line("خلاصه") },
      { kind: "paragraph", lines: [line("دو مشتری دربارهٔ ارسال پرسیدند."), line("یکی ناراضی بود.")] },
      { kind: "heading", line: line("نکته‌ها") },
      {
        kind: "list",
        ordered: false,
        start: 1,
        items: [[line("ارسال رایگان")], [line("قیمت کتاب"), line("که پرسیده شد")], [line("بسته‌بندی")]],
      },
      { kind: "list", ordered: true, start: 1, items: [[line("تماس با مشتری")], [line("پیگیری سفارش")]] },
    ]);
  });

  it("ends a paragraph at a list, a heading or a fence", () => {
    expect(parseMarkdown("a\n- b\nc\n# d\ne\n```\nf").map((b) => b.kind)).toEqual([
      "paragraph",
      "list",
      "heading",
      "paragraph",
      "code",
    ]);
  });

  it("keeps a numbered list's place when blank lines split it, in any digits", () => {
    const blocks = parseMarkdown("1. نیت\n\n2. احساس\n\n۳. نکته‌ها\n٤) پیگیری");
    expect(blocks.map((b) => (b.kind === "list" ? [b.ordered, b.start, b.items.length] : b.kind))).toEqual([
      [true, 1, 1],
      [true, 2, 1],
      [true, 3, 2],
    ]);
  });

  it("starts a new list when bullets turn to numbers, but keeps an indented one in the item", () => {
    expect(parseMarkdown("- a\n1. b").map((b) => b.kind === "list" && b.ordered)).toEqual([false, true]);
    expect(parseMarkdown("- a\n  1. b")).toEqual([
      { kind: "list", ordered: false, start: 1, items: [[line("a"), line("1. b")]] },
    ]);
  });

  it("drops rules, keeps fenced text as it is, and reads Windows line ends", () => {
    expect(parseMarkdown("a\r\n---\r\n```html\n**not bold**\n  <b>indented</b>\n```\n* * *\nb")).toEqual([
      { kind: "paragraph", lines: [line("a")] },
      { kind: "code", text: "**not bold**\n  <b>indented</b>" },
      { kind: "paragraph", lines: [line("b")] },
    ]);
  });

  it("closes a fence only with its own mark, and shows an unclosed one as code while it streams", () => {
    expect(parseMarkdown("~~~\n```\n~~~")).toEqual([{ kind: "code", text: "```" }]);
    expect(parseMarkdown("```\nlet a = 1;")).toEqual([{ kind: "code", text: "let a = 1;" }]);
  });

  it("has no blocks for empty text", () => {
    expect(parseMarkdown("")).toEqual([]);
    expect(parseMarkdown("\n  \n")).toEqual([]);
  });

  it("keeps markup as text", () => {
    const markup = '<img src=x onerror="alert(1)"> <script>alert(1)</script>';
    expect(parseMarkdown(markup)).toEqual([{ kind: "paragraph", lines: [line(markup)] }]);
  });
});

describe("parseInline: a line's runs", () => {
  it("marks bold (holding other runs) and code", () => {
    expect(parseInline("**نیت:** خرید `کد ۱۲` و __فوری__ **با `x`**")).toEqual([
      { kind: "strong", content: [text("نیت:")] },
      text(" خرید "),
      { kind: "code", text: "کد ۱۲" },
      text(" و "),
      { kind: "strong", content: [text("فوری")] },
      text(" "),
      { kind: "strong", content: [text("با "), { kind: "code", text: "x" }] },
    ]);
  });

  it("leaves lone stars, unclosed marks and snake_case names alone", () => {
    expect(parseInline("۵ * ۳ و **باز")).toEqual([text("۵ * ۳ و **باز")]);
    expect(parseInline("my__var__name ** a **")).toEqual([text("my__var__name ** a **")]);
  });

  it("links [text](https://…) and bare http(s) addresses", () => {
    expect(parseInline("ببینید [راهنما](https://example.com/docs?a=1&b=2) یا http://example.org/path")).toEqual([
      text("ببینید "),
      { kind: "link", href: "https://example.com/docs?a=1&b=2", text: "راهنما", bare: false },
      text(" یا "),
      { kind: "link", href: "http://example.org/path", text: "http://example.org/path", bare: true },
    ]);
  });

  it("keeps a link's text only when its address is not http(s)", () => {
    const runs = parseInline("[click](javascript:alert(1)) [x](data:text/html,hi) [y](/admin) [z](JaVaScRiPt:alert(1))");
    expect(runs.some((run) => run.kind === "link")).toBe(false);
    expect(JSON.stringify(runs)).not.toMatch(/javascript:|data:|admin/i);
  });

  it("leaves sentence punctuation after a bare address in the sentence", () => {
    const address = (value: string) => parseInline(value).find((run) => run.kind === "link");
    expect(address("https://example.org/path.")).toMatchObject({ text: "https://example.org/path" });
    expect(address("https://example.org/a\u060c then")).toMatchObject({ text: "https://example.org/a" });
    expect(address("(see https://example.org/a)")).toMatchObject({ text: "https://example.org/a" });
    expect(address("https://en.wikipedia.org/wiki/Rust_(language).")).toMatchObject({
      text: "https://en.wikipedia.org/wiki/Rust_(language)",
    });
    expect(parseInline("https://example.org/x.").at(-1)).toEqual(text("."));
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
