// What the panels and the test frame say of knowledge: each file's reading
// state, the documents of a vector store, the search to try, and the sources
// an answer cites (the words shared/citation.ts fills).
import type { SourceWords } from "../../shared/citation";
import { formatDigits, formatNumber } from "../format/number";

/** Places and sources as the app writes them: «قیمت‌ها.pdf، صفحهٔ ۲». */
export const sources: SourceWords = {
  page: (page) => `صفحهٔ ${formatDigits(page)}`,
  pages: (first, last) => `صفحه‌های ${formatDigits(first)} تا ${formatDigits(last)}`,
  row: (row, sheet) => (sheet ? `ردیف ${formatDigits(row)} برگهٔ ${sheet}` : `ردیف ${formatDigits(row)}`),
  rows: (first, last, sheet) =>
    sheet
      ? `ردیف‌های ${formatDigits(first)} تا ${formatDigits(last)} برگهٔ ${sheet}`
      : `ردیف‌های ${formatDigits(first)} تا ${formatDigits(last)}`,
  source: (name, place) => (place ? `${name}، ${place}` : name),
  list: (all) => `منابع: ${all.join("، ")}`,
};

/** What a document's sections are: a PDF's pages, a table's rows, else parts. */
export const SECTION_UNITS = { page: "صفحه", row: "ردیف", part: "بخش" } as const;

export const knowledge = {
  sources,
  state: {
    processing: (progress: number) => `در حال خواندن: ${formatNumber(progress)}٪`,
    ready: (sections: number, unit: keyof typeof SECTION_UNITS, chunks: number) =>
      `آماده: ${formatNumber(sections)} ${SECTION_UNITS[unit]}، ${formatNumber(chunks)} تکهٔ نمایه‌شده`,
    failed: "خوانده نشد",
    progress: "پیشرفت خواندن",
    /** A ready file's vectors for search by meaning (shown only with an embedding model). */
    vectors: {
      pending: "در حال ساختن بردارها برای جست‌وجوی معنایی…",
      ready: "جست‌وجوی معنایی آماده است",
      failed: "بردارها ساخته نشد؛ دوباره تلاش می‌شود",
      /** Said under a failure: the file is still searched by its words. */
      fallback: "تا آن زمان جست‌وجو با واژه‌ها انجام می‌شود.",
    },
  },
  documents: {
    title: "خواندن فایل‌ها",
    hint: "فایل‌های منبع‌ها خوانده و برای جست‌وجوی دستیار نمایه می‌شوند.",
    empty: "هنوز فایلی برای خواندن نرسیده است.",
    loading: "در حال خواندن وضعیت فایل‌ها…",
    /** Only the states some file is in: «۲ آماده، ۱ ناموفق». */
    summary: (ready: number, processing: number, failed: number) =>
      [
        ready > 0 ? `${formatNumber(ready)} آماده` : "",
        processing > 0 ? `${formatNumber(processing)} در حال خواندن` : "",
        failed > 0 ? `${formatNumber(failed)} ناموفق` : "",
      ]
        .filter(Boolean)
        .join("، "),
  },
  reindex: "خواندن دوباره",
  reindexing: "در حال فرستادن…",
  search: {
    title: "جست‌وجوی آزمایشی",
    hint: "ببینید دستیار برای یک پرسش چه بخش‌هایی از فایل‌ها را می‌یابد.",
    query: "پرسش",
    submit: "جست‌وجو",
    searching: "در حال جست‌وجو…",
    none: "بخشی پیدا نشد.",
    results: "بخش‌های یافته",
  },
} as const;
