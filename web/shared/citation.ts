// Where an answer's source is, in words: a file's page or pages, a sheet's row
// or rows. The app and the widget both show it, each with its own catalogue's
// words (shared/ holds no Persian), so the words come in as functions.
import type { Location } from "@dastyar/rules";

/** The words for a place; each fills its numbers with its own digits. */
export type PlaceWords = {
  page: (page: number) => string;
  pages: (first: number, last: number) => string;
  /** `sheet` is empty for a file with one table (CSV). */
  row: (row: number, sheet: string) => string;
  rows: (first: number, last: number, sheet: string) => string;
};

/** The words for a source and a list of them. */
export type SourceWords = PlaceWords & {
  /** A source with its place; `place` is null for a whole file. */
  source: (name: string, place: string | null) => string;
  list: (sources: readonly string[]) => string;
};

/** What a citation or a search result carries. */
export type Cited = { name: string; from: Location; to: Location };

/** The page(s) or row(s) from `from` to `to`; null when the whole file is meant. */
export function citationPlace(from: Location, to: Location, words: PlaceWords): string | null {
  switch (from.kind) {
    case "page": {
      const last = to.kind === "page" && to.page > from.page ? to.page : from.page;
      return last === from.page ? words.page(from.page) : words.pages(from.page, last);
    }
    case "row": {
      const last = to.kind === "row" && to.sheet === from.sheet && to.row > from.row ? to.row : from.row;
      return last === from.row ? words.row(from.row, from.sheet) : words.rows(from.row, last, from.sheet);
    }
    default:
      return null;
  }
}

/** One source: its name and place («قیمت‌ها.pdf، صفحهٔ ۲» with the app's words). */
export function citationText(cited: Cited, words: SourceWords): string {
  return words.source(cited.name, citationPlace(cited.from, cited.to, words));
}

/** An answer's sources in one line, each once and in order; null when there are none. */
export function sourcesText(cited: readonly Cited[], words: SourceWords): string | null {
  const texts = [...new Set(cited.map((c) => citationText(c, words)))];
  return texts.length === 0 ? null : words.list(texts);
}
