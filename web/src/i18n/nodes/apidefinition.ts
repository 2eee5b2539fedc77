// The apidefinition node's settings panel and card.
import type { ApiAuthType } from "@dastyar/rules";

/** The key–value editor's words, shared with the request node. */
export const keyValue = {
  key: "کلید",
  value: "مقدار",
  add: "افزودن ردیف",
  remove: (key: string) => (key ? `حذف «${key}»` : "حذف ردیف"),
  empty: "هنوز ردیفی ندارد.",
  duplicate: (key: string) => `کلید «${key}» تکراری است؛ فقط آخرین مقدار نگه داشته می‌شود.`,
} as const;

const authTypes: Record<ApiAuthType, string> = {
  none: "بدون احراز هویت",
  bearer: "توکن Bearer",
  api_key: "کلید API",
  basic: "نام کاربری و گذرواژه (Basic)",
};

export const apidefinition = {
  baseUrl: "نشانی پایهٔ API",
  baseUrlHint: "مثلاً `https://api.example.ir/v1`؛ مسیر هر درخواست متصل به آن افزوده می‌شود.",
  authType: "نوع احراز هویت",
  authTypes,
  token: "توکن",
  username: "نام کاربری",
  password: "گذرواژه",
  apiKey: "کلید API",
  apiKeyHeader: "نام سرآیند کلید",
  apiKeyHeaderHint: "سرآیندی که کلید در آن فرستاده می‌شود، مثلاً `X-API-Key`",
  showSecret: "نمایش مقدار محرمانه",
  defaultHeaders: "سرآیندهای پیش‌فرض",
  description: "توضیحات",
  noUrl: "نشانی پایه تعیین نشده",
  keyValue,
} as const;
