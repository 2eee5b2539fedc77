// The trigger node's settings panel and card (its schedule's words are the scheduler's).
import { schedule } from "./scheduler";

export const trigger = {
  schedule,
  messageTemplate: "متن پیام",
  messageTemplateHint: "پیامی که در هر اجرا برای دستیار فرستاده می‌شود.",
  contextData: "داده‌های زمینه (JSON)",
  contextDataHint: "مقدارهایی که متن پیام می‌تواند به آن‌ها اشاره کند.",
  invalidJson: "این متن JSON معتبری نیست.",
  lastRunTime: "آخرین اجرا",
  neverRan: "هنوز اجرا نشده",
  noTemplate: "بدون متن پیام",
  snippet: (text: string) => `«${text}»`,
} as const;
