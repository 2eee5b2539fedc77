// The vectorstore node's settings panel and card.
import { formatNumber } from "../../format/number";

export const vectorstore = {
  vectorStoreId: "شناسه نزد ارائه‌دهنده",
  notCreated: "هنوز نزد ارائه‌دهنده ساخته نشده",
  files: "فایل‌های رسیده به این پایگاه",
  filesHint: "پایگاه‌های فایل و مخزن‌های فایل متصل به این پایگاه، فایل‌هایشان را به آن می‌دهند.",
  loading: "در حال خواندن فهرست فایل‌ها…",
  noSources: "هنوز پایگاه فایل یا مخزن فایلی به این پایگاه وصل نشده است.",
  sourceEmpty: "این منبع فایلی ندارد.",
  unsaved: "پس از ساخت گره، فایل‌های رسیده اینجا دیده می‌شوند.",
  reload: "خواندن دوباره",
  card: {
    files: (n: number) => (n === 0 ? "بدون فایل" : `${formatNumber(n)} فایل`),
    noSources: "بدون منبع فایل",
  },
} as const;
