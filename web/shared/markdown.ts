// The Markdown subset Dastyar shows from a model's text, read into a small
// tree that the chat widget (DOM nodes) and the analyzer's reports (React)
// each draw their own way: paragraphs with their line breaks, headings,
// bulleted and numbered lists, fenced code, rules (dropped), **bold**,
// __bold__, `code`, [links](https://…) and bare http(s) addresses.
// The tree holds text, never markup: a renderer makes each piece a text
// node, and a link's address is always an absolute http(s) URL (any other
// address leaves the link's text as plain text).

/** A run of a line. A bare address's `text` is the address as written. */
export type Inline =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "strong"; content: Inline[] }
  | { kind: "link"; href: string; text: string; bare: boolean };

/** One line of a block. */
export type Line = Inline[];

export type Block =
  | { kind: "heading"; line: Line }
  | { kind: "paragraph"; lines: Line[] }
  | { kind: "list"; ordered: boolean; start: number; items: Line[][] }
  | { kind: "code"; text: string };

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^\s*[-*+\u2022]\s+(.*)$/;
// Persian and Arabic-Indic digits too: models number in either.
const NUMBERED = /^\s*([0-9\u06F0-\u06F9\u0660-\u0669]{1,9})[.)\u066B]\s+(.*)$/;
const INLINE =
  /`([^`\n]+)`|\*\*(?=\S)(.*?\S)\*\*|__(?=\S)(.*?\S)__(?!\w)|\[([^\]\n]+)\]\(\s*([^)\s]+)\s*\)|https?:\/\/[^\s<>"'`]+/gi;
// Sentence punctuation after a bare address, Persian comma and semicolon included.
const TRAILING = /[.,;:!?"'\u00bb\u060c\u061b]/;

/** The address if it is an absolute http(s) URL, else null. */
export function safeUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

const blank = (line: string) => line.trim() === "";

/** Lines that end a paragraph or a list (besides list items). */
const endsBlock = (line: string) => blank(line) || FENCE.test(line) || RULE.test(line) || HEADING.test(line);

/** A list item's kind, number and text, or null for any other line. */
function listItem(line: string): { ordered: boolean; number: number; text: string } | null {
  const bullet = BULLET.exec(line);
  if (bullet) return { ordered: false, number: 1, text: bullet[1] };
  const numbered = NUMBERED.exec(line);
  return numbered ? { ordered: true, number: numberOf(numbered[1]), text: numbered[2] } : null;
}

/** A list's number, whatever digits it is written in. */
function numberOf(digits: string): number {
  return Number(digits.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) & 0xf)));
}

/** The text's blocks, in order; blank lines and rules only separate them. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    const heading = HEADING.exec(line);
    const item = listItem(line);
    if (fence) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) body.push(lines[i]);
      i++; // the closing fence, or past the end while the answer still streams in
      blocks.push({ kind: "code", text: body.join("\n") });
    } else if (blank(line) || RULE.test(line)) {
      i++;
    } else if (heading) {
      blocks.push({ kind: "heading", line: parseInline(heading[1]) });
      i++;
    } else if (item) {
      const items = [[parseInline(item.text)]];
      for (i++; i < lines.length && !endsBlock(lines[i]); i++) {
        const next = listItem(lines[i]);
        if (next?.ordered === item.ordered) items.push([parseInline(next.text)]);
        // A line under an item goes on with it, an indented item of the other kind too.
        else if (!next || /^\s/.test(lines[i])) items[items.length - 1].push(parseInline(lines[i].trim()));
        else break; // a list of the other kind starts
      }
      blocks.push({ kind: "list", ordered: item.ordered, start: item.number, items });
    } else {
      const para: Line[] = [];
      for (; i < lines.length && !endsBlock(lines[i]) && !listItem(lines[i]); i++) para.push(parseInline(lines[i].trim()));
      blocks.push({ kind: "paragraph", lines: para });
    }
  }
  return blocks;
}

/** A line's runs: plain text, code, bold (which may hold the others) and links. */
export function parseInline(text: string): Line {
  const runs: Line = [];
  const plain = (value: string) => {
    if (!value) return;
    const last = runs[runs.length - 1];
    if (last?.kind === "text") last.text += value;
    else runs.push({ kind: "text", text: value });
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, bold, underlined, linkText, address] = match;
    plain(text.slice(at, match.index));
    at = match.index + whole.length;
    if (code !== undefined) runs.push({ kind: "code", text: code });
    else if (bold !== undefined || underlined !== undefined) {
      runs.push({ kind: "strong", content: parseInline(bold ?? underlined) });
    } else if (linkText !== undefined) {
      const href = safeUrl(address);
      if (href) runs.push({ kind: "link", href, text: linkText, bare: false });
      else plain(linkText);
    } else {
      // A bare address: punctuation after it belongs to the sentence.
      let url = whole;
      while (url.length > 8) {
        const last = url[url.length - 1];
        const unbalanced = last === ")" && url.split("(").length < url.split(")").length;
        if (!TRAILING.test(last) && !unbalanced) break;
        url = url.slice(0, -1);
      }
      const href = safeUrl(url);
      if (href) runs.push({ kind: "link", href, text: url, bare: true });
      else plain(url);
      plain(whole.slice(url.length));
    }
  }
  plain(text.slice(at));
  return runs;
}
