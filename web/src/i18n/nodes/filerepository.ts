// The filerepository node's settings panel and card.
import { files } from "./filedb";

export const filerepository = {
  files: { ...files, empty: "مخزن هنوز خالی است." },
  hint: "فایل‌های این مخزن به پایگاه برداری متصل داده می‌شوند.",
} as const;
