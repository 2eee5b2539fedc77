// The line of an instruction a card shows.

/** The first line with text in it, trimmed; empty when there is none. */
export function firstLine(text: string): string {
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== "") return trimmed;
  }
  return "";
}
