// The assistant node's settings panel and card (the analyzer reuses the shared words).
/** Words both the assistant and the analyzer show. */
export const assistantShared = {
  model: "مدل",
  modelHint: "مدلی که پاسخ‌ها را می‌سازد.",
  defaultModel: (model: string) => `${model} (پیش‌فرض)`,
  currentModel: (model: string) => `${model} (انتخاب فعلی)`,
  facts: "وضعیت نزد ارائه‌دهنده",
  providerId: "شناسه نزد ارائه‌دهنده",
  notRegistered: "هنوز ثبت نشده",
  notConfigured: "ارائه‌دهندهٔ مدل زبانی روی سرور پیکربندی نشده است؛ پس از پیکربندی ثبت می‌شود.",
  pendingRegistration: "ثبت نزد ارائه‌دهنده در انتظار است.",
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
  card: {
    model: (model: string) => `مدل: ${model}`,
    vectorStore: (attached: boolean) => (attached ? "پایگاه برداری: دارد" : "پایگاه برداری: ندارد"),
    functions: (attached: boolean) => (attached ? "تابع: دارد" : "تابع: ندارد"),
  },
} as const;
