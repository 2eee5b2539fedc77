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
    token2: "توکن دوم الگو",
    sender: "شمارهٔ خط فرستنده",
  } as Record<string, string>,
  lastSend: "آخرین ارسال",
  lastSendStatus: "وضعیت آخرین ارسال",
  lastSendTime: "زمان آخرین ارسال",
  lastResponseMessage: "پاسخ سرویس",
  receptors: (n: number) => (n === 0 ? "بدون گیرنده" : `${formatNumber(n)} گیرنده`),
  sender: "شمارهٔ خط فرستنده",
  senderHint: "خط کاوه‌نگاری که پیامک از آن می‌رود؛ خالی یعنی خط پیش‌فرض حساب. ارسال گروهی به آن نیاز دارد.",
  allowModelReceptor: "دستیار گیرنده را انتخاب کند",
  allowModelReceptorHint:
    "روشن: دستیارِ وصل به این گره می‌تواند شمارهٔ گیرنده را خودش بدهد. خاموش: همیشه به شمارهٔ همین گره می‌فرستد.",
  templates: {
    find: "الگوهای به‌کاررفته",
    finding: "در حال پرسیدن…",
    none: "هنوز با این کلید الگویی با موفقیت فرستاده نشده است.",
    use: (name: string, sends: number) => `${name} (${formatNumber(sends)} ارسال)`,
  },
  send: {
    title: "ارسال و آزمایش",
    send: "ارسال پیامک",
    sending: "در حال ارسال…",
    test: "آزمایش کلید",
    testing: "در حال آزمایش…",
    unsaved: "گره هنوز ذخیره نشده است؛ اول آن را ذخیره کنید.",
    saveFirst: "تغییرهای ذخیره‌نشده دارید؛ ارسال و آزمایش با تنظیمات ذخیره‌شده است. اول ذخیره کنید.",
    incomplete: "پیکربندی پیامک برای ارسال کامل نیست.",
    before: (receptors: number, segments: number, cost: number) =>
      `این ارسال: ${formatNumber(receptors)} گیرنده، ${formatNumber(segments)} بخش، حدود ${formatNumber(cost)} ریال.`,
    templateBefore: (receptors: number) =>
      `این ارسال: الگو برای ${formatNumber(receptors)} گیرنده؛ بخش‌ها و هزینه را کاوه‌نگار پس از پرکردن الگو می‌گوید.`,
  },
  bulk: {
    title: "ارسال گروهی",
    lines: "پیامک‌ها، هر خط یکی: شمارهٔ موبایل، متن",
    linesHint: "مثلاً: 09123456789، سفارش شما ارسال شد",
    sender: "شمارهٔ خط فرستندهٔ ارسال گروهی",
    senderHint: "خالی یعنی خطی که در گره ذخیره شده است.",
    summary: (count: number, segments: number, cost: number) =>
      `${formatNumber(count)} پیامک، ${formatNumber(segments)} بخش، حدود ${formatNumber(cost)} ریال.`,
    lineInvalid: (line: number) => `خط ${formatNumber(line)}: شماره و متن را با ویرگول از هم جدا کنید.`,
    lineProblem: (line: number, text: string) => `خط ${formatNumber(line)}: ${text}`,
    send: "ارسال گروهی",
    sending: "در حال ارسال…",
  },
  history: {
    title: "تاریخچهٔ ارسال",
    loading: "در حال بارگذاری…",
    empty: "هنوز پیامکی فرستاده نشده است.",
    shown: (shown: number, total: number) =>
      shown < total ? `${formatNumber(shown)} ارسالِ آخر از ${formatNumber(total)}` : `${formatNumber(total)} ارسال`,
    refresh: "به‌روزرسانی",
    clear: "پاک کردن تاریخچه",
    clearing: "در حال پاک کردن…",
    confirmTitle: "پاک کردن تاریخچهٔ پیامک",
    confirmText: "همهٔ ارسال‌های این گره از تاریخچه پاک می‌شود. پیامک‌های فرستاده‌شده با این کار برنمی‌گردند.",
    delivery: "پرسیدن وضعیت تحویل",
    checking: "در حال پرسیدن…",
    origins: { panel: "از پنل", assistant: "از دستیار", bulk: "گروهی" },
    statuses: { sent: "فرستاده شد", failed: "ناموفق" } as Record<string, string>,
    receptors: (n: number) => `${formatNumber(n)} گیرنده`,
    segments: (n: number) => `${formatNumber(n)} بخش`,
    cost: (n: number) => `${formatNumber(n)} ریال`,
    notSent: "فرستاده نشد",
  },
} as const;
