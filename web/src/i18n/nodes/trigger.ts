// The trigger node's settings panel and card (its schedule's and runs' words are the scheduler's).
import { formatNumber } from "../../format/number";
import { runs, schedule } from "./scheduler";

export const trigger = {
  schedule,
  runs,
  runNowHint: "پیام یک بار بیرون از زمان‌بندی برای دستیار فرستاده می‌شود؛ این اجرا شمرده نمی‌شود.",
  testMessage: "پیام آزمایشی (اختیاری)",
  testMessageHint: "خالی بگذارید تا متن پیام خود گره، با متغیرهایش پر شده، فرستاده شود.",
  outcome: {
    message: "پیام فرستاده‌شده",
    answer: "پاسخ دستیار",
    noAnswer: "دستیار پاسخی نداد.",
    deliveries: "ارسال پاسخ",
    noDeliveries: "نه پیامکی و نه ربات تلگرامی به این دستیار وصل است؛ پاسخ فقط همین‌جا ماند.",
    bot: (name: string) => `«${name}»`,
    botUnnamed: "ربات تلگرام",
    smsUnnamed: "پیامک",
    sent: "به مالک ربات رسید",
    smsSent: "پیامک فرستاده شد",
    notSent: "فرستاده نشد",
    delivered: (sent: number, all: number) => `به ${formatNumber(sent)} از ${formatNumber(all)} مقصد رسید`,
  },
  messageTemplate: "متن پیام",
  messageTemplateHint:
    "پیامی که در هر اجرا برای دستیار فرستاده می‌شود. `{{نام}}` با مقدار همان نام در داده‌های زمینه پر می‌شود و `{{jalali_date}}`، `{{time}}` و `{{weekday}}` تاریخ، ساعت و روز اجرا را می‌گذارند؛ نامی که پیدا نشود همان‌طور می‌ماند.",
  contextData: "داده‌های زمینه (JSON)",
  contextDataHint: "مقدارهایی که متن پیام با `{{نام}}` به آن‌ها اشاره می‌کند، مثلاً `{\"shop\": \"فروشگاه من\"}` برای `{{shop}}`.",
  invalidJson: "این متن JSON معتبری نیست.",
  lastRunTime: "آخرین اجرا",
  neverRan: "هنوز اجرا نشده",
  noTemplate: "بدون متن پیام",
  snippet: (text: string) => `«${text}»`,
} as const;
