import { describe, expect, it } from "vitest";
import { fa } from "../../i18n/fa";
import { sectionUnit } from "./DocumentStatus";

describe("sectionUnit", () => {
  it("counts a PDF's pages, a table's rows, and parts of anything else", () => {
    expect(sectionUnit("قیمت‌ها.PDF")).toBe("page");
    expect(sectionUnit("products.csv")).toBe("row");
    expect(sectionUnit("prices.xlsx")).toBe("row");
    expect(sectionUnit("guide.md")).toBe("part");
    expect(sectionUnit("Google sheet")).toBe("part");
  });

  it("words a ready document in Persian digits", () => {
    expect(fa.knowledge.state.ready(12, "row", 3)).toBe("آماده: ۱۲ ردیف، ۳ تکهٔ نمایه‌شده");
    expect(fa.knowledge.documents.summary(2, 0, 1)).toBe("۲ آماده، ۱ ناموفق");
  });
});
