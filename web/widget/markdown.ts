// The assistant's answers as DOM nodes, drawn from the shared Markdown tree
// (../shared/markdown.ts): every piece of text becomes a text node, never
// markup, and links (http(s) only) open apart from the chat. Headings are
// bold lines: a chat bubble has no room for more.
import { parseMarkdown, type Block, type Inline, type Line } from "../shared/markdown";

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, ...children: (Node | string)[]) => {
  const node = document.createElement(tag);
  node.append(...children);
  return node;
};

function run(inline: Inline): Node {
  switch (inline.kind) {
    case "text":
      return document.createTextNode(inline.text);
    case "code":
      return el("code", inline.text);
    case "strong":
      return el("strong", ...inline.content.map(run));
    case "link": {
      const a = el("a", inline.text);
      a.href = inline.href;
      a.rel = "noopener noreferrer";
      a.target = "_blank";
      return a;
    }
  }
}

/** Lines joined by `<br>`. */
function lines(parent: HTMLElement, texts: Line[]): HTMLElement {
  texts.forEach((line, i) => {
    if (i) parent.append(el("br"));
    parent.append(...line.map(run));
  });
  return parent;
}

function block(b: Block): HTMLElement {
  switch (b.kind) {
    case "heading":
      return el("p", el("strong", ...b.line.map(run)));
    case "paragraph":
      return lines(el("p"), b.lines);
    case "list": {
      const items = b.items.map((item) => lines(el("li"), item));
      if (!b.ordered) return el("ul", ...items);
      const ol = el("ol", ...items);
      if (b.start !== 1) ol.start = b.start;
      return ol;
    }
    case "code": {
      const pre = el("pre", el("code", b.text));
      pre.dir = "ltr";
      return pre;
    }
  }
}

/** A whole answer as a fragment of block nodes. */
export function renderMarkdown(text: string): DocumentFragment {
  const out = document.createDocumentFragment();
  out.append(...parseMarkdown(text).map(block));
  return out;
}
