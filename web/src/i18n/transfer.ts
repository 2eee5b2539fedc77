// Export, import and the sample project: the projects page's words for them.
// Refusals of a file come from the rules package or the server, already in Persian.
import { formatNumber } from "../format/number";

/** A secret's payload field (dotted) as a person names it. */
const secretField: Record<string, string> = {
  bot_token: "توکن ربات تلگرام",
  api_key: "کلید API پیامک",
  "auth_data.applicationPassword": "گذرواژهٔ برنامهٔ وردپرس",
  "auth_data.password": "گذرواژه",
  "auth_data.jwtToken": "توکن JWT",
  "auth_data.token": "توکن دسترسی",
  "auth_data.key": "کلید API",
};

export const transfer = {
  export: "خروجی",
  exportNamed: (name: string) => `گرفتن فایل خروجی پروژهٔ ${name}`,
  exported: (name: string) => `فایل پروژهٔ «${name}» آماده شد. رمزها و کلیدها در آن نیست.`,
  import: "وارد کردن از فایل",
  importing: "در حال وارد کردن…",
  importHint: "فایلی که از «خروجی» یک پروژه گرفته‌اید",
  imported: (name: string) => `پروژهٔ «${name}» از فایل ساخته شد.`,
  sample: "شروع با پروژهٔ نمونه",
  sampleLead: "یک دستیار پشتیبانی فروشگاه با ابزار پیگیری سفارش و جست‌وجوی محصول، آمادهٔ ویرایش.",
  reportTitle: (name: string) => `پروژهٔ «${name}» ساخته شد`,
  reportLead: "رمزها و کلیدها در فایل نمی‌آیند. این‌ها را دوباره وارد کنید:",
  secretLine: (label: string, field: string) => `${label}: ${secretField[field] ?? field}`,
  connectionsLead: (count: number) =>
    `${formatNumber(count)} اتصال پس از این کارها کشیده می‌شود؛ آن‌ها را دوباره بکشید:`,
  connectionLine: (source: string, target: string, why: string) => `${source} ← ${target}: ${why}`,
  openProject: "باز کردن پروژه",
  close: "بستن",
};
