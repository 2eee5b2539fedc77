// The request node's settings panel and card.
import { keyValue } from "./apidefinition";

export const request = {
  method: "روش HTTP",
  endpoint: "مسیر",
  endpointHint:
    "مسیری که به نشانی پایهٔ تعریف API افزوده می‌شود، مثلاً `/orders/{{order_id}}`. هر `{{نام}}` (نامی با حروف و رقم انگلیسی و _) جای مقداری است که دستیار هنگام فراخوانی پر می‌کند؛ در سرآیندها، پارامترها و بدنه هم همین‌طور.",
  placeholdersHint: "مقدارها می‌توانند `{{نام}}` داشته باشند تا دستیار پرشان کند، مثلاً `{{lang}}`.",
  headers: "سرآیندها",
  queryParams: "پارامترهای پرس‌وجو",
  body: "بدنهٔ درخواست (JSON)",
  bodyHint:
    "خالی یعنی درخواست بدنه ندارد. رشته‌ای که فقط یک جای‌خالی است، مثل `\"{{count}}\"`، مقدار را همان‌گونه که هست می‌گیرد (عدد عدد می‌ماند)؛ در رشته‌های دیگر مقدار به‌صورت متن جا می‌گیرد.",
  responseMapping: "نگاشت پاسخ (JSON)",
  responseMappingHint:
    "کدام مقدارها از پاسخ به دستیار برسند: هر کلید نامی است که دستیار می‌بیند و مقدارش مسیر آن در پاسخ، با نقطه و شمارهٔ خانه‌ها از ۰. مثلاً `{\"status\": \"order.status\", \"first\": \"items.0.name\"}`. خالی یعنی کل پاسخ.",
  invalidJson: "این متن JSON معتبری نیست.",
  apiDefinition: "تعریف API متصل",
  linkedTo: (label: string) => `به «${label}» وصل است.`,
  linkedToMissing: "به یک تعریف API وصل است که روی این بوم پیدا نشد.",
  noEndpoint: "بدون مسیر",
  keyValue,
} as const;
