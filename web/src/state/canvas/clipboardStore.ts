// Where a copied selection waits to be pasted: the system clipboard (so it
// reaches another tab, window or project, or a text file) and this origin's
// localStorage, which every tab shares and which still works when the
// browser will not let a page read the system clipboard.
const STORED_KEY = "dastyar.clipboard";

/** What the clipboards hold: the system one's text (null when unreadable) and the stored copy. */
export type ClipboardTexts = { system: string | null; stored: string | null };

export async function writeClipboard(text: string): Promise<void> {
  try {
    localStorage.setItem(STORED_KEY, text);
  } catch {
    // Storage full or switched off: the system clipboard may still take it.
  }
  try {
    await navigator.clipboard?.writeText(text);
  } catch {
    // Not allowed (no focus, no permission): the stored copy serves.
  }
}

export async function readClipboard(): Promise<ClipboardTexts> {
  const system = await navigator.clipboard?.readText().catch(() => null);
  let stored: string | null;
  try {
    stored = localStorage.getItem(STORED_KEY);
  } catch {
    stored = null;
  }
  return { system: system ?? null, stored };
}
