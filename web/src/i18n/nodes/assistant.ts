// The assistant node's settings panel and card (the analyzer reuses the shared words).
import type { SkipReason } from "@dastyar/rules";

/** Why a connected function or request gives the assistant no tool. */
const skipReasons: Record<SkipReason, string> = {
  function_without_name: "تابع نام ندارد.",
  function_without_parameters: "تابع دست‌کم به یک پارامتر نیاز دارد.",
  function_invalid_schema: "شمای پارامترهای تابع معتبر نیست.",
  request_without_api_definition: "درخواست به هیچ تعریف API وصل نیست.",
  duplicate_tool_name: "ابزار دیگری پیش‌تر همین نام را گرفته است.",
  sms_incomplete: "گره پیامک کلید API، نام الگو یا شمارهٔ گیرندهٔ معتبر ندارد.",
  wordpress_incomplete: "گره وردپرس نشانی سایت یا اطلاعات ورود ندارد.",
  wordpress_inactive: "گره وردپرس خاموش است.",
};

/** The panel's read-only list of what the assistant can do, from its connections. */
const abilities = {
  title: "این دستیار می‌تواند:",
  instructions: "از این دستورالعمل‌ها پیروی کند",
  tools: "این ابزارها را به کار بگیرد",
  knowledge: "در این منابع دانش جست‌وجو کند",
  channels: "در این کانال‌ها پاسخ دهد",
  skipped: "گره‌های متصلی که به کار گرفته نمی‌شوند",
  none: "هیچ",
  toolKinds: { function: "تابع", request: "درخواست API", knowledge: "جستجو در اسناد", sms: "پیامک", wordpress: "نوشته در وردپرس" },
  unnamed: "بی‌نام",
  skipReasons,
} as const;

/** Words both the assistant and the analyzer show. */
export const assistantShared = {
  model: "مدل",
  modelHint: "مدلی که پاسخ‌ها را می‌سازد.",
  defaultModel: (model: string) => `${model} (پیش‌فرض)`,
  currentModel: (model: string) => `${model} (انتخاب فعلی)`,
  otherModel: "یا نام مدل را بنویسید",
  otherModelHint: "هر مدلی که سرویس مدل زبانی شما می‌شناسد (مثلاً llama3.1 در Ollama).",
  facts: "وضعیت نزد ارائه‌دهنده",
  providerId: "شناسه نزد ارائه‌دهنده",
  notRegistered: "هنوز ثبت نشده",
  notConfigured: "ارائه‌دهندهٔ مدل زبانی روی سرور پیکربندی نشده است؛ پس از پیکربندی ثبت می‌شود.",
  pendingRegistration: "ثبت نزد ارائه‌دهنده انجام نشد (سرویس در دسترس نبود یا این مدل را ندارد)؛ با «تلاش دوباره» ثبت می‌شود.",
  vectorStore: "پایگاه برداری متصل",
  hasFunctions: "تابع متصل",
  yes: "دارد",
  no: "ندارد",
  none: "هیچ",
} as const;

export const assistant = {
  ...assistantShared,
  instructions: "دستورالعمل‌ها",
  instructionsHint: "به دستیار بگویید کیست، چه می‌کند و چگونه پاسخ می‌دهد.",
  abilities,
  card: {
    model: (model: string) => `مدل: ${model}`,
    vectorStore: (attached: boolean) => (attached ? "پایگاه برداری: دارد" : "پایگاه برداری: ندارد"),
    functions: (attached: boolean) => (attached ? "تابع: دارد" : "تابع: ندارد"),
  },
} as const;
