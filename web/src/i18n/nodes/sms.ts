// The sms node's settings panel and card.
import type { SmsSendMethod, SmsType } from "@dastyar/rules";
import { formatNumber } from "../../format/number";

const sendMethods: Record<SmsSendMethod, string> = {
  simple: "پیامک ساده",
  template: "پیامک با الگو",
};

const smsTypes: Record<SmsType, string> = {
  sms: "پیامک",
  call: "تماس صوتی",
};

export const sms = {
  apiKey: "کلید API کاوه‌نگار",
  showApiKey: "نمایش کلید",
  sendMethod: "روش ارسال",
  sendMethods,
  receptor: "شمارهٔ گیرنده",
  receptorHint: "یک یا چند شمارهٔ موبایل ایران، جدا با ویرگول؛ مثلاً 09123456789",
  normalised: (list: readonly string[]) => `ذخیره به شکل: ${list.join("، ")}`,
  message: "متن پیامک",
  estimate: (characters: number, segments: number, perSegment: number, cost: number) =>
    `${formatNumber(characters)} نویسه، ${formatNumber(segments)} بخش (هر بخش ${formatNumber(perSegment)} نویسه)، هزینه ${formatNumber(cost)} ریال برای هر گیرنده`,
  estimateTotal: (receptors: number, cost: number) =>
    `برای ${formatNumber(receptors)} گیرنده: ${formatNumber(cost)} ریال`,
  premium: "خط ویژه (هزینهٔ بیشتر برای هر بخش)",
  template: "نام الگو",
  token: "توکن الگو",
  token2: "توکن دوم الگو",
  smsType: "نوع ارسال الگو",
  smsTypes,
  incomplete: "برای اتصال به دستیار، این موارد را کامل کنید:",
  complete: "پیکربندی پیامک کامل است.",
  fields: {
    apiKey: "کلید API",
    receptor: "شمارهٔ گیرنده",
    message: "متن پیامک",
    template: "نام الگو",
    token: "توکن الگو",
  } as Record<string, string>,
  lastSend: "آخرین ارسال",
  lastSendStatus: "وضعیت آخرین ارسال",
  lastSendTime: "زمان آخرین ارسال",
  lastResponseMessage: "پاسخ سرویس",
  receptors: (n: number) => (n === 0 ? "بدون گیرنده" : `${formatNumber(n)} گیرنده`),
} as const;
