// The telegram node's settings panel and card.
export const telegram = {
  botToken: "توکن ربات",
  botTokenHint: "توکنی که BotFather می‌دهد، به شکل 123456:ABC…",
  showToken: "نمایش توکن",
  botUsername: "نام کاربری ربات",
  botUsernameHint: "برای اتصال ربات تلگرام، توکن و نام کاربری ربات لازم است.",
  botName: "نام نمایشی ربات",
  settings: "تنظیمات ربات (JSON)",
  invalidJson: "این متن JSON معتبری نیست.",
  webhookUrl: "نشانی وب‌هوک",
  companyId: "شناسهٔ شرکت",
  noToken: "بدون توکن",
  noUsername: "توکن ثبت شده، بدون نام کاربری",
} as const;
