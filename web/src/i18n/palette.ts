// The palette's words (what each kind is for, the search), the menu a
// connection dropped on empty canvas opens, what each handle accepts and the
// names of the edge kinds.
import type { EdgeKind, NodeKind } from "@dastyar/rules";

/** One line per kind: what it is for. */
const purpose: Record<NodeKind, string> = {
  assistant: "مدل زبانی که با دستورالعمل، دانش و ابزارهایش به پیام‌ها پاسخ می‌دهد.",
  analyzer: "گفتگوهای یک ظرف را می‌خواند و از آن‌ها گزارش می‌سازد.",
  vectorstore: "اسناد را برای جست‌وجوی معنایی دستیار نمایه می‌کند.",
  filedb: "فایل‌های بارگذاری‌شده را برای دانش دستیار نگه می‌دارد.",
  filerepository: "مخزن فایل‌هایی که پایگاه برداری را پر می‌کنند.",
  googledoc: "یک سند گوگل را منبع دانش دستیار می‌کند.",
  googlesheet: "یک برگهٔ گوگل را منبع دانش دستیار می‌کند.",
  function: "ابزاری با پارامترهای مشخص که دستیار می‌تواند فراخوانی کند.",
  telegram: "دستیار را در یک ربات تلگرام به گفتگو می‌گذارد.",
  apidefinition: "نشانی پایه و احراز هویت یک API بیرونی.",
  request: "یک فراخوانی API که دستیار یا زمان‌بند انجام می‌دهد.",
  scheduler: "درخواست API را در زمان‌های تعیین‌شده اجرا می‌کند.",
  trigger: "در زمان‌های تعیین‌شده پیامی برای دستیار می‌فرستد.",
  sms: "پیامک را از راه کاوه‌نگار به دست گیرنده می‌رساند.",
  iframe: "پنجرهٔ گفتگوی دستیار برای جاسازی در وب‌سایت.",
  wordpress: "دستیار در سایت وردپرسی نوشته منتشر می‌کند.",
  container: "گره‌های یک سامانه را کنار هم گروه می‌کند.",
  testframe: "گفتگوی آزمایشی با دستیار، همین‌جا روی بوم.",
  instruction: "متنی که رفتار و لحن دستیار را تعیین می‌کند.",
};

/** Each edge kind's name, for screen readers. */
const edgeKinds: Record<EdgeKind, string> = {
  vector_store: "پایگاه برداری دستیار",
  knowledge: "منبع دانش",
  store_source: "منبع پایگاه برداری",
  instruction: "دستورالعمل",
  function: "تابع",
  telegram: "ربات تلگرام",
  iframe: "پنجرهٔ گفتگو",
  webhook: "فراخوانی API",
  api_link: "تعریف API درخواست",
  schedule: "زمان‌بندی",
  trigger: "راه‌انداز",
  sms: "پیامک",
  wordpress: "وردپرس",
  analyzer: "تحلیل گفتگوها",
};

/** Persian list: «الف، ب و پ». */
function list(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join("، ")} و ${labels[labels.length - 1]}`;
}

export const palette = {
  purpose,
  search: "جست‌وجوی نوع گره",
  searchPlaceholder: "نام یا کاربرد، مثلاً پیامک",
  noMatch: "نوعی با این نام یا کاربرد نیست.",
  searching: "در حال جست‌وجو…",
  edgeKinds,
  handles: {
    input: (labels: readonly string[]) => `ورودی؛ می‌پذیرد از: ${list(labels)}`,
    output: (labels: readonly string[]) => `خروجی؛ وصل می‌شود به: ${list(labels)}`,
  },
  connectMenu: {
    title: "افزودن گرهٔ وصل‌شده",
    toTarget: "کدام گره به این خروجی وصل شود؟",
    toSource: "کدام گره به این ورودی وصل شود؟",
    close: "بستن",
  },
} as const;
