// The testframe node's settings panel and card.
export const testframe = {
  assistant: "دستیار",
  assistantHint: "پنجرهٔ آزمایش با این دستیار گفتگو می‌کند؛ این پنجره فقط روی همین بوم است و ذخیره نمی‌شود.",
  noAssistant: "انتخاب نشده",
  missingAssistant: "دستیار حذف‌شده",
  noAssistants: "هنوز دستیار ساخته‌شده‌ای در این پروژه نیست.",
  chat: "گفتگوی آزمایشی",
  message: "پیام",
  send: "ارسال",
  runtimeNote: "گفتگو با دستیار همراه با اجرای دستیارها فراهم می‌شود؛ تا آن زمان پیامی فرستاده نمی‌شود.",
  card: {
    talksTo: (label: string) => `گفتگو با: ${label}`,
    noAssistant: "دستیاری انتخاب نشده",
    missing: "دستیار انتخاب‌شده دیگر نیست",
  },
} as const;
