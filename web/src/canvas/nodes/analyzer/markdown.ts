// A report's Markdown as blocks React can draw: headings, lists, paragraphs
// and bold text, nothing else. The model writes the report, so it is never
// turned into HTML: React escapes every piece, and links stay plain text
// (their address shown, never followed from here).

/** A run of text; `strong` for **bold**, `code` for `code`. */
export type Inline = { text: string; strong?: boolean; code?: boolean };

/** One line of a block. */
export type Line = Inline[];

export type Block =
  | { kind: "heading"; line: Line }
  | { kind: "list"; ordered: boolean; start: number; items: Line[][] }
  | { kind: "paragraph"; lines: Line[] }
  | { kind: "code"; lines: string[] };

const HEADING = /^#{1,6}\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+•]\s+(.*)$/;
// Persian and Arabic-Indic digits too: the model numbers in either.
const NUMBERED = /^\s*([0-9\u06F0-\u06F9\u0660-\u0669]+)[.)\u066B]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const FENCE = /^\s*```/;

/** The report's blocks, in order; blank lines only separate them. */
export function markdownBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let open: Block | null = null;
  const close = () => {
    if (open) blocks.push(open);
    open = null;
  };

  let fenced: string[] | null = null;
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (fenced) {
      if (FENCE.test(line)) {
        blocks.push({ kind: "code", lines: fenced });
        fenced = null;
      } else {
        fenced.push(raw);
      }
      continue;
    }
    if (FENCE.test(line)) {
      close();
      fenced = [];
      continue;
    }
    if (line.trim() === "" || RULE.test(line)) {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      blocks.push({ kind: "heading", line: inline(heading[1]!) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const text = bullet ? bullet[1]! : numbered![2]!;
      const current = open as Block | null;
      if (current?.kind === "list" && current.ordered === ordered) {
        current.items.push([inline(text)]);
      } else {
        close();
        open = { kind: "list", ordered, start: numbered ? numberOf(numbered[1]!) : 1, items: [[inline(text)]] };
      }
      continue;
    }
    const current = open as Block | null;
    if (current?.kind === "list") {
      // A line under an item goes on with that item.
      current.items[current.items.length - 1]!.push(inline(line.trim()));
    } else if (current?.kind === "paragraph") {
      current.lines.push(inline(line.trim()));
    } else {
      close();
      open = { kind: "paragraph", lines: [inline(line.trim())] };
    }
  }
  if (fenced) blocks.push({ kind: "code", lines: fenced });
  close();
  return blocks;
}

/** A list's first number, whatever digits it is written in. */
function numberOf(digits: string): number {
  const ascii = digits.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) & 0xf));
  const value = Number(ascii);
  return Number.isSafeInteger(value) ? value : 1;
}

// `code`, **bold**, __bold__, [text](address); one pass, no nesting.
const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A line's runs of plain, bold and code text. */
export function inline(text: string): Line {
  const runs: Line = [];
  const plain = (value: string) => {
    if (!value) return;
    const last = runs[runs.length - 1];
    if (last && !last.strong && !last.code) last.text += value;
    else runs.push({ text: value });
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    plain(text.slice(at, match.index));
    const [, code, bold, underlined, linkText, address] = match;
    if (code !== undefined) runs.push({ text: code, code: true });
    else if (bold !== undefined || underlined !== undefined) runs.push({ text: (bold ?? underlined)!, strong: true });
    else plain(`${linkText} (${address})`);
    at = match.index + match[0].length;
  }
  plain(text.slice(at));
  return runs;
}
