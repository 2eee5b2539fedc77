// @vitest-environment happy-dom
import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import type { DocumentView } from "../../api/types";
import { fa } from "../../i18n/fa";
import { mount, type Mounted } from "../panels/panelTesting";
import { DocumentStatus, sectionUnit } from "./DocumentStatus";

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const ready = (extra: Partial<DocumentView> = {}): DocumentView => ({
  node_id: 3,
  file_id: 1,
  name: "قیمت‌ها.pdf",
  state: "ready",
  progress: 100,
  sections: 4,
  chunks: 9,
  updated_at: "2025-03-21T08:00:00Z",
  ...extra,
});

async function shown(doc: DocumentView): Promise<{ reading: string | null; vectors: HTMLElement | null }> {
  view = await mount(createStore(), <DocumentStatus doc={doc} />);
  return {
    reading: view.host.querySelector("[data-testid=document-state]")?.textContent ?? null,
    vectors: view.host.querySelector<HTMLElement>("[data-testid=vector-state]"),
  };
}

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

describe("DocumentStatus and its vectors", () => {
  it("says nothing of vectors without an embedding model", async () => {
    const { reading, vectors } = await shown(ready());
    expect(reading).toBe("آماده: ۴ صفحه، ۹ تکهٔ نمایه‌شده");
    expect(vectors).toBeNull();
  });

  it("shows vectors being made, then ready for search by meaning", async () => {
    let { vectors } = await shown(ready({ vectors: "pending" }));
    expect(vectors?.dataset.state).toBe("pending");
    expect(vectors?.textContent).toBe(fa.knowledge.state.vectors.pending);
    view?.unmount();
    ({ vectors } = await shown(ready({ vectors: "ready" })));
    expect(vectors?.textContent).toBe(fa.knowledge.state.vectors.ready);
  });

  it("gives the embedder's Persian reason for a failure and says words still find the file", async () => {
    const { vectors } = await shown(ready({ vectors: "failed", vectors_error: "کلید سرویس مدل پذیرفته نشد." }));
    expect(vectors?.dataset.state).toBe("failed");
    expect(vectors?.textContent).toBe(`کلید سرویس مدل پذیرفته نشد. ${fa.knowledge.state.vectors.fallback}`);
  });

  it("shows no vector state before a file is read", async () => {
    const { vectors } = await shown(ready({ state: "processing", progress: 30, vectors: "pending" }));
    expect(vectors).toBeNull();
  });
});
