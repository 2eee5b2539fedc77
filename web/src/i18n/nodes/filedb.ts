// The filedb node's settings panel and card; `files` is the file list both
// file nodes share.
import { formatNumber } from "../../format/number";

export const FILE_SIZE_UNITS = { B: "بایت", KB: "کیلوبایت", MB: "مگابایت", GB: "گیگابایت" } as const;

export const files = {
  title: "فایل‌ها",
  empty: "هنوز فایلی بارگذاری نشده است.",
  list: "فهرست فایل‌ها",
  choose: "بارگذاری فایل تازه",
  upload: "انتخاب فایل…",
  uploading: (percent: number) => `در حال بارگذاری: ${formatNumber(percent)}٪`,
  uploaded: (name: string) => `فایل «${name}» بارگذاری شد.`,
  progress: "پیشرفت بارگذاری",
  unsaved: "پس از ساخت گره می‌توانید فایل بارگذاری کنید.",
  download: "دریافت",
  downloadNamed: (name: string) => `دریافت ${name}`,
  remove: "حذف",
  removeNamed: (name: string) => `حذف ${name}`,
  removing: "در حال حذف…",
  removed: (name: string) => `فایل «${name}» حذف شد.`,
  size: (value: number, unit: keyof typeof FILE_SIZE_UNITS) => `${formatNumber(value)} ${FILE_SIZE_UNITS[unit]}`,
  unknownSize: "اندازهٔ نامعلوم",
  uploadedOn: (date: string) => `بارگذاری: ${date}`,
  card: (n: number) => (n === 0 ? "بدون فایل" : `${formatNumber(n)} فایل`),
} as const;

export const filedb = {
  files,
  hint: "فایل‌های این پایگاه به دستیار یا پایگاه برداری متصل داده می‌شوند.",
} as const;
