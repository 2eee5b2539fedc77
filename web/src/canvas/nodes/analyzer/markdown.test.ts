import { describe, expect, it } from "vitest";
import { inline, markdownBlocks } from "./markdown";

describe("a report's Markdown", () => {
  it("reads headings, lists and paragraphs, blank lines only separating them", () => {
    const report = [
      "## خلاصه",
      "دو مشتری دربارهٔ ارسال پرسیدند.",
      "یکی ناراضی بود.",
      "",
      "### نکته‌ها",
      "- ارسال رایگان",
      "* قیمت کتاب",
      "  که پرسیده شد",
      "",
      "1. تماس با مشتری",
      "2. پیگیری سفارش",
    ].join("\n");
    expect(markdownBlocks(report)).toEqual([
      { kind: "heading", line: [{ text: "خلاصه" }] },
      { kind: "paragraph", lines: [[{ text: "دو مشتری دربارهٔ ارسال پرسیدند." }], [{ text: "یکی ناراضی بود." }]] },
      { kind: "heading", line: [{ text: "نکته‌ها" }] },
      {
        kind: "list",
        ordered: false,
        start: 1,
        items: [[[{ text: "ارسال رایگان" }]], [[{ text: "قیمت کتاب" }], [{ text: "که پرسیده شد" }]]],
      },
      { kind: "list", ordered: true, start: 1, items: [[[{ text: "تماس با مشتری" }]], [[{ text: "پیگیری سفارش" }]]] },
    ]);
  });

  it("keeps a numbered list's place when blank lines split it, in any digits", () => {
    const blocks = markdownBlocks("1. نیت\n\n2. احساس\n\n۳. نکته‌ها\n٤) پیگیری");
    expect(blocks.map((b) => (b.kind === "list" ? [b.ordered, b.start, b.items.length] : b.kind))).toEqual([
      [true, 1, 1],
      [true, 2, 1],
      [true, 3, 2],
    ]);
  });

  it("starts a new list when bullets turn to numbers", () => {
    const blocks = markdownBlocks("- a\n1. b");
    expect(blocks.map((b) => b.kind === "list" && b.ordered)).toEqual([false, true]);
  });

  it("drops rules, keeps fenced text as it is, and reads Windows line ends", () => {
    expect(markdownBlocks("a\r\n---\r\n```\n**not bold**\n  indented\n```\nb")).toEqual([
      { kind: "paragraph", lines: [[{ text: "a" }]] },
      { kind: "code", lines: ["**not bold**", "  indented"] },
      { kind: "paragraph", lines: [[{ text: "b" }]] },
    ]);
    expect(markdownBlocks("```\nunclosed")).toEqual([{ kind: "code", lines: ["unclosed"] }]);
  });

  it("has no blocks for empty text", () => {
    expect(markdownBlocks("")).toEqual([]);
    expect(markdownBlocks("\n  \n")).toEqual([]);
  });

  it("never lets markup through as markup", () => {
    const blocks = markdownBlocks('<img src=x onerror="alert(1)"> <script>alert(1)</script>');
    expect(blocks).toEqual([
      { kind: "paragraph", lines: [[{ text: '<img src=x onerror="alert(1)"> <script>alert(1)</script>' }]] },
    ]);
  });
});

describe("a line's runs", () => {
  it("marks bold and code", () => {
    expect(inline("**نیت:** خرید `کد ۱۲` و __فوری__")).toEqual([
      { text: "نیت:", strong: true },
      { text: " خرید " },
      { text: "کد ۱۲", code: true },
      { text: " و " },
      { text: "فوری", strong: true },
    ]);
  });

  it("shows a link's text and address as plain text", () => {
    expect(inline("ببینید [سایت](https://shop.example/a) را")).toEqual([{ text: "ببینید سایت (https://shop.example/a) را" }]);
  });

  it("leaves lone stars and unclosed marks alone", () => {
    expect(inline("۵ * ۳ و **باز")).toEqual([{ text: "۵ * ۳ و **باز" }]);
  });
});
