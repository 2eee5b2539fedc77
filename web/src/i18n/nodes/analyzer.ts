// The analyzer node's settings panel and card: the model and instructions it
// shares with the assistant, then what it reads, where its reports go, its
// daily schedule and its reports.
import { formatDigits, formatNumber } from "../../format/number";
import { assistantShared } from "./assistant";

/** An hour of the day as a clock shows it: 9 → «۰۹:۰۰». */
const clock = (hour: number) => `${formatDigits(hour).padStart(2, "۰")}:۰۰`;

export const analyzer = {
  ...assistantShared,
  instructions: "دستورالعمل تحلیل",
  instructionsHint: "تحلیل‌گر هر گفتگو را با این دستورالعمل بررسی می‌کند و گزارش را به فارسی می‌نویسد.",
  card: {
    model: (model: string) => `مدل: ${model}`,
  },
  reports: {
    title: "گزارش‌ها",
    unsaved: "پس از ساخت گره می‌توانید گزارش بگیرید و زمان گزارش روزانه را تنظیم کنید.",
    loading: "در حال بارگذاری گزارش‌ها…",
    refresh: "بازخوانی",
    refreshing: "در حال بازخوانی…",
    reach: {
      title: "گفتگوهایی که می‌خواند و مقصد گزارش",
      channelsTerm: "منبع گفتگوها",
      channels: (n: number) => `گفتگوهای ${formatNumber(n)} پنجرهٔ گفتگو یا ربات تلگرام را می‌خواند.`,
      noChannels:
        "هنوز گفتگویی برای خواندن ندارد: تحلیل‌گر را به ظرفی وصل کنید که پنجرهٔ گفتگو (آی‌فریم) یا ربات تلگرام دارد.",
      botTerm: "ارسال گزارش",
      bot: (name: string) => `به صاحب ربات «${name}» در تلگرام فرستاده می‌شود.`,
      botUnnamed: "به صاحب ربات تلگرامِ متصل فرستاده می‌شود.",
      noBot: "به هیچ ربات تلگرامی وصل نیست؛ گزارش‌ها فقط همین‌جا می‌مانند. برای دریافت در تلگرام، تحلیل‌گر را به یک ربات وصل کنید.",
    },
    schedule: {
      title: "گزارش روزانه",
      daily: "هر روز گزارش بفرست",
      hour: "ساعت گزارش (به وقت تهران)",
      hourOption: clock,
      next: (when: string) => `گزارش بعدی: ${when} به وقت تهران`,
      off: "گزارش روزانه خاموش است؛ فقط با «همین حالا گزارش بگیر» گزارش تهیه می‌شود.",
      saving: "در حال ذخیرهٔ زمان گزارش…",
    },
    now: {
      button: "همین حالا گزارش بگیر",
      working: "در حال تهیهٔ گزارش…",
      wait: "مدل گفتگوها را می‌خواند؛ ممکن است چند ثانیه طول بکشد.",
      done: "گزارش تازه آماده شد.",
      hint: "گفتگوهای تازه از گزارش قبلی تا کنون را تحلیل می‌کند.",
      buyCredits: "خرید اعتبار",
    },
    list: {
      title: "گزارش‌های گذشته",
      label: "فهرست گزارش‌ها، تازه‌ترین در بالا",
      empty: "هنوز گزارشی تهیه نشده است.",
      requestedBy: {
        schedule: "زمان‌بندی روزانه",
        user: "درخواست شما",
      },
      counts: (conversations: number, messages: number) =>
        `${formatNumber(conversations)} گفتگو، ${formatNumber(messages)} پیام`,
      credits: (n: number) => `${formatNumber(n)} اعتبار`,
      delivery: {
        sent: "به تلگرام فرستاده شد",
        sending: "در حال ارسال به تلگرام…",
        not_sent: "فرستاده نشد",
      },
      sendAgain: "ارسال دوباره",
      sendingAgain: "در حال ارسال…",
      show: "نمایش متن گزارش",
      hide: "بستن متن گزارش",
    },
  },
} as const;
