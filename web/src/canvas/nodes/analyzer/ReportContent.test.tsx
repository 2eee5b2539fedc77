// The React renderer; what counts as Markdown is tested on the parser (web/shared/markdown.test.ts).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReportContent } from "./ReportContent";

const html = (text: string) => renderToStaticMarkup(<ReportContent text={text} />);

describe("a report's content", () => {
  it("draws every block and run as its element, each block with its own direction", () => {
    expect(html("## خلاصه\nیک **نیت `x`**\nدو\n\n3. سه\n   ادامه\n- مورد\n\n```\ncode\n```")).toBe(
      '<h4 dir="auto">خلاصه</h4>' +
        '<p dir="auto">یک <strong>نیت <code>x</code></strong><br/>دو</p>' +
        '<ol dir="auto" start="3"><li>سه<br/>ادامه</li></ol>' +
        '<ul dir="auto"><li>مورد</li></ul>' +
        '<pre dir="auto">code</pre>',
    );
  });

  it("shows links as text with their address, never as links", () => {
    expect(html("ببینید [سایت](https://shop.example/a) یا https://shop.example/b.")).toBe(
      '<p dir="auto">ببینید سایت (https://shop.example/a) یا https://shop.example/b.</p>',
    );
  });

  it("keeps markup from the model as text", () => {
    expect(html('<img src=x onerror="alert(1)"> **<b>x</b>**')).toBe(
      '<p dir="auto">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; <strong>&lt;b&gt;x&lt;/b&gt;</strong></p>',
    );
  });
});
