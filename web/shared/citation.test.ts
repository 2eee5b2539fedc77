import { describe, expect, it } from "vitest";
import { citationPlace, citationText, sourcesText, type SourceWords } from "./citation";

// Plain words, so the test shows what the formatter chooses.
const words: SourceWords = {
  page: (p) => `p${p}`,
  pages: (a, b) => `p${a}-${b}`,
  row: (r, s) => `r${r}@${s}`,
  rows: (a, b, s) => `r${a}-${b}@${s}`,
  source: (name, place) => (place ? `${name}|${place}` : name),
  list: (all) => `S:${all.join(";")}`,
};

describe("citationPlace", () => {
  it("names one page, or a range of pages", () => {
    expect(citationPlace({ kind: "page", page: 3 }, { kind: "page", page: 3 }, words)).toBe("p3");
    expect(citationPlace({ kind: "page", page: 2 }, { kind: "page", page: 4 }, words)).toBe("p2-4");
  });

  it("names one row, or a range of rows, with their sheet", () => {
    expect(citationPlace({ kind: "row", sheet: "Prices", row: 2 }, { kind: "row", sheet: "Prices", row: 2 }, words)).toBe("r2@Prices");
    expect(citationPlace({ kind: "row", sheet: "Prices", row: 2 }, { kind: "row", sheet: "Prices", row: 5 }, words)).toBe("r2-5@Prices");
  });

  it("answers null for a whole file, and falls back to the start for an odd end", () => {
    expect(citationPlace({ kind: "whole" }, { kind: "whole" }, words)).toBeNull();
    expect(citationPlace({ kind: "page", page: 4 }, { kind: "page", page: 2 }, words)).toBe("p4");
    expect(citationPlace({ kind: "row", sheet: "A", row: 2 }, { kind: "row", sheet: "B", row: 9 }, words)).toBe("r2@A");
  });
});

describe("citationText and sourcesText", () => {
  const page2 = { name: "prices.pdf", from: { kind: "page", page: 2 }, to: { kind: "page", page: 2 } } as const;
  const whole = { name: "menu.txt", from: { kind: "whole" }, to: { kind: "whole" } } as const;

  it("puts the name before its place, or alone for a whole file", () => {
    expect(citationText(page2, words)).toBe("prices.pdf|p2");
    expect(citationText(whole, words)).toBe("menu.txt");
  });

  it("lists each source once, in order, and nothing for none", () => {
    expect(sourcesText([page2, whole, page2], words)).toBe("S:prices.pdf|p2;menu.txt");
    expect(sourcesText([], words)).toBeNull();
  });
});
