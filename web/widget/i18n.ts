// Every Persian word the website widget shows: the loader's button and the chat
// page. No other file under widget/ holds Persian text.
import type { SourceWords } from "../shared/citation";

const DIGITS = "۰۱۲۳۴۵۶۷۸۹";

/** Western digits as Persian ones: `12` → «۱۲». */
export function faDigits(value: number | string): string {
  return String(value).replace(/[0-9]/g, (d) => DIGITS[Number(d)]);
}

/** The loader's words (on the customer's page). */
export const loaderText = {
  open: (title: string) => `گفتگو با ${title}`,
  close: "بستن گفتگو",
};

/** The chat page's words. */
export const chatText = {
  messages: "پیام‌ها",
  newConversation: "گفتگوی تازه",
  close: "بستن",
  confirmNew: "گفتگوی فعلی کنار گذاشته شود و گفتگوی تازه‌ای آغاز شود؟",
  confirmYes: "بله، گفتگوی تازه",
  cancel: "انصراف",
  placeholder: "پیام خود را بنویسید…",
  input: "پیام",
  send: "ارسال",
  typing: "در حال نوشتن…",
  you: "شما",
  assistant: "دستیار",
  offline: "دستیار در حال حاضر در دسترس نیست.",
  network: "اتصال برقرار نشد. اینترنت خود را بررسی کنید و دوباره بفرستید.",
  interrupted: "پاسخ نیمه‌کاره ماند: اتصال قطع شد.",
  failed: "پاسخ کامل نشد. لطفاً دوباره بپرسید.",
  unknown: "خطایی پیش آمد. لطفاً دوباره تلاش کنید.",
  expired: "نشست گفتگو به پایان رسید. صفحه را دوباره بارگذاری کنید.",
  busy: "پاسخ قبلی هنوز در حال نوشتن است. کمی بعد دوباره بفرستید.",
  noSession: "این گفتگو باید از دکمهٔ گفتگوی سایت باز شود.",
  tooLong: (max: number) => `پیام حداکثر ${faDigits(max)} نویسه می‌تواند باشد.`,
  waitSeconds: (seconds: number) => `تا ${faDigits(seconds)} ثانیهٔ دیگر می‌توانید دوباره بفرستید.`,
  sources: {
    page: (p) => `صفحهٔ ${faDigits(p)}`,
    pages: (a, b) => `صفحه‌های ${faDigits(a)} تا ${faDigits(b)}`,
    row: (r, sheet) => `ردیف ${faDigits(r)}${sheet && ` برگهٔ ${sheet}`}`,
    rows: (a, b, sheet) => `ردیف‌های ${faDigits(a)} تا ${faDigits(b)}${sheet && ` برگهٔ ${sheet}`}`,
    source: (name, place) => (place ? `${name}، ${place}` : name),
    list: (all) => `منابع: ${all.join("، ")}`,
  } satisfies SourceWords,
};
