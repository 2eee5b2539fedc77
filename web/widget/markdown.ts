// A safe subset of Markdown for the assistant's answers, built as DOM nodes:
// paragraphs, line breaks, headings (as bold lines), **bold**, `code`, fenced
// code blocks, bulleted and numbered lists, [links](https://…) and bare
// http(s) links. Text only ever becomes text nodes, never markup, and a link
// whose address is not http(s) stays plain text.

const FENCE = /^\s*(```|~~~)/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const INLINE = /`([^`\n]+)`|\*\*(?=\S)([\s\S]*?\S)\*\*|\[([^\]\n]+)\]\(\s*([^)\s]+)\s*\)|https?:\/\/[^\s<>"'`]+/gi;
// Sentence punctuation after a bare link, Persian comma and semicolon included.
const TRAILING = /[.,;:!?"'\u00bb\u060c\u061b]/;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, ...children: (Node | string)[]) => {
  const node = document.createElement(tag);
  node.append(...children);
  return node;
};

/** The address if it is an absolute http(s) URL, else null. */
export function safeUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function link(href: string, text: string): HTMLAnchorElement {
  const a = el("a", text);
  a.href = href;
  a.rel = "noopener noreferrer";
  a.target = "_blank";
  return a;
}

/** Inline Markdown as nodes: code, bold, links. */
export function renderInline(text: string): Node[] {
  const out: Node[] = [];
  let last = 0;
  const push = (s: string) => s && out.push(document.createTextNode(s));
  for (const m of text.matchAll(INLINE)) {
    let whole = m[0];
    const at = m.index ?? 0;
    push(text.slice(last, at));
    if (m[1] !== undefined) out.push(el("code", m[1]));
    else if (m[2] !== undefined) out.push(el("strong", ...renderInline(m[2])));
    else if (m[3] !== undefined) {
      const href = safeUrl(m[4]);
      out.push(href ? link(href, m[3]) : document.createTextNode(m[3]));
    } else {
      // A bare address: punctuation after it belongs to the sentence.
      let tail = "";
      while (whole.length > 8) {
        const c = whole[whole.length - 1];
        const unbalanced = c === ")" && whole.split("(").length < whole.split(")").length;
        if (!TRAILING.test(c) && !unbalanced) break;
        tail = c + tail;
        whole = whole.slice(0, -1);
      }
      const href = safeUrl(whole);
      out.push(href ? link(href, whole) : document.createTextNode(whole));
      push(tail);
    }
    last = at + m[0].length;
  }
  push(text.slice(last));
  return out;
}

/** Lines joined by `<br>`, each with its inline Markdown. */
function lines(parent: HTMLElement, texts: string[]): HTMLElement {
  texts.forEach((t, i) => {
    if (i) parent.append(el("br"));
    parent.append(...renderInline(t));
  });
  return parent;
}

/** A whole answer as a fragment of block nodes. */
export function renderMarkdown(text: string): DocumentFragment {
  const out = document.createDocumentFragment();
  const src = text.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  const blank = (s: string) => s.trim() === "";
  while (i < src.length) {
    const line = src[i];
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      for (i++; i < src.length && !src[i].trim().startsWith(fence[1]); i++) body.push(src[i]);
      i++; // the closing fence (or past the end while it streams)
      const pre = el("pre", el("code", body.join("\n")));
      pre.dir = "ltr";
      out.append(pre);
      continue;
    }
    if (blank(line)) {
      i++;
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered || BULLET.test(line)) {
      const pattern = numbered ? NUMBERED : BULLET;
      const list = el(numbered ? "ol" : "ul");
      if (numbered && numbered[1] !== "1") (list as HTMLOListElement).start = Number(numbered[1]);
      let item: string[] = [];
      const flush = () => item.length && list.append(lines(el("li"), item));
      for (; i < src.length && !blank(src[i]) && !FENCE.test(src[i]); i++) {
        const m = pattern.exec(src[i]);
        if (m) {
          flush();
          item = [m[m.length - 1]];
        } else if (/^\s/.test(src[i]) || !(NUMBERED.test(src[i]) || BULLET.test(src[i]))) {
          item.push(src[i].trim()); // a continuation of the item
        } else break; // a list of the other kind starts
      }
      flush();
      out.append(list);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      out.append(el("p", el("strong", ...renderInline(heading[1]))));
      i++;
      continue;
    }
    const para: string[] = [];
    for (; i < src.length; i++) {
      const l = src[i];
      if (blank(l) || FENCE.test(l) || BULLET.test(l) || NUMBERED.test(l) || HEADING.test(l)) break;
      para.push(l);
    }
    out.append(lines(el("p"), para));
  }
  return out;
}
