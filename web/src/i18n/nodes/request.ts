// The request node's settings panel and card.
import { keyValue } from "./apidefinition";

export const request = {
  method: "روش HTTP",
  endpoint: "مسیر",
  endpointHint: "مسیری که به نشانی پایهٔ تعریف API افزوده می‌شود، مثلاً /orders",
  headers: "سرآیندها",
  queryParams: "پارامترهای پرس‌وجو",
  body: "بدنهٔ درخواست (JSON)",
  bodyHint: "خالی یعنی درخواست بدنه ندارد.",
  responseMapping: "نگاشت پاسخ (JSON)",
  responseMappingHint: "کدام مقدارها از پاسخ برداشته شوند.",
  invalidJson: "این متن JSON معتبری نیست.",
  apiDefinition: "تعریف API متصل",
  linkedTo: (label: string) => `به «${label}» وصل است.`,
  linkedToMissing: "به یک تعریف API وصل است که روی این بوم پیدا نشد.",
  noEndpoint: "بدون مسیر",
  keyValue,
} as const;
