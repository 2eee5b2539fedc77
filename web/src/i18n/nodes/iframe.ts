// The iframe node's settings panel and card.
import { formatNumber } from "../../format/number";

export const iframe = {
  companyName: "نام شرکت",
  companyNameHint: "برای آی‌فریم، نام شرکت و دامنه‌های مجاز لازم است.",
  authorizedDomains: "دامنه‌های مجاز",
  authorizedDomainsHint: "هر دامنه در یک سطر، مثلاً example.ir یا *.example.ir",
  normalised: (list: readonly string[]) => `ذخیره به شکل: ${list.join("، ")}`,
  style: "سبک نمایش",
  styleHint: "سبک پیش‌فرض: default",
  isActive: "وضعیت",
  active: "فعال",
  inactive: "غیرفعال (پس از اتصال به دستیار فعال می‌شود)",
  frameId: "شناسهٔ پنجره",
  companyId: "شناسهٔ شرکت",
  assistantId: "شناسهٔ دستیار",
  apiKey: "کلید API پنجره",
  script: "کد جاسازی",
  copy: "رونوشت کد",
  copied: "کد رونوشت شد.",
  copyFailed: "رونوشت کد ممکن نشد؛ آن را دستی انتخاب کنید.",
  noCompany: "نام شرکت تعیین نشده",
  domains: (n: number) => (n === 0 ? "بدون دامنهٔ مجاز" : `${formatNumber(n)} دامنهٔ مجاز`),
} as const;
