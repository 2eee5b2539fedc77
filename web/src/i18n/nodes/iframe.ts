// The iframe node's settings panel and card: the company and its sites, how
// the chat window looks, whether it is live, its embed code and its preview.
import { formatNumber } from "../../format/number";

export const iframe = {
  companyName: "نام شرکت",
  companyNameHint: "برای آی‌فریم، نام شرکت و دامنه‌های مجاز لازم است.",
  authorizedDomains: "دامنه‌های مجاز",
  authorizedDomainsHint: "هر دامنه در یک سطر، مثلاً example.ir یا *.example.ir",
  normalised: (list: readonly string[]) => `ذخیره به شکل: ${list.join("، ")}`,
  frameId: "شناسهٔ پنجره",
  companyId: "شناسهٔ شرکت",
  assistantId: "شناسهٔ دستیار",
  apiKey: "کلید عمومی پنجره",
  script: "کد جاسازی",
  copy: "رونوشت کد",
  copied: "کد رونوشت شد.",
  copyFailed: "رونوشت کد ممکن نشد؛ آن را دستی انتخاب کنید.",
  noCompany: "نام شرکت تعیین نشده",
  domains: (n: number) => (n === 0 ? "بدون دامنهٔ مجاز" : `${formatNumber(n)} دامنهٔ مجاز`),
  look: {
    title: "ظاهر پنجرهٔ گفتگو",
    windowTitle: "عنوان پنجره",
    windowTitleHint: "نامی که بازدیدکننده بالای پنجره می‌بیند (حداکثر ۸۰ نویسه).",
    welcome: "پیام خوشامد",
    welcomeHint: "نخستین پیامی که بازدیدکننده پیش از نوشتن می‌خواند (حداکثر ۱٬۰۰۰ نویسه).",
    color: "رنگ",
    colorPicker: "انتخاب رنگ",
    colorHint: "رنگ دکمهٔ گفتگو، سربرگ پنجره و پیام‌های بازدیدکننده، به شکل #RRGGBB.",
    position: "جای دکمهٔ گفتگو",
    positions: {
      "bottom-right": "پایین سمت راست",
      "bottom-left": "پایین سمت چپ",
    },
    theme: "پوسته",
    themes: {
      light: "روشن",
      dark: "تیره",
    },
    liveHint: "تغییرات ظاهر پس از ذخیره، بی‌درنگ روی سایت دیده می‌شوند.",
  },
  site: {
    title: "پنجره روی سایت",
    states: {
      live: "فعال",
      inactive: "غیرفعال",
      unregistered: "ثبت نشده",
    },
    liveNote: "دستیار وصل است و بازدیدکنندگان دامنه‌های مجاز پاسخ می‌گیرند.",
    unregisteredNote: "کد جاسازی هنوز ساخته نشده است؛ با دکمهٔ «ساخت کد جاسازی» ساخته می‌شود.",
    noAssistantNote: "هنوز دستیاری به این گره وصل نیست؛ تا دستیاری را به آن وصل نکنید، بازدیدکنندگان پاسخی نمی‌گیرند.",
  },
  register: {
    register: "ساخت کد جاسازی",
    again: "ثبت دوباره",
    registering: "در حال ساخت…",
    registered: "کد جاسازی ساخته شد.",
    registeredAgain: "پنجره دوباره ثبت شد؛ کد جاسازی همان است.",
    unsaved: "پس از ساخت گره می‌توانید کد جاسازی بسازید.",
    dirty: "نخست تغییرات را ذخیره کنید.",
    noCompany: "برای ساخت کد جاسازی، نام شرکت را بنویسید و ذخیره کنید.",
    noDomains: "برای ساخت کد جاسازی، دست‌کم یک دامنهٔ مجاز بنویسید و ذخیره کنید.",
  },
  embed: {
    // </body> is isolated left to right (U+2066 … U+2069), so its brackets stay in place in the Persian line.
    hint: "این خط را پیش از \u2066</body>\u2069 در صفحه‌های سایت خود، روی یکی از دامنه‌های مجاز، بگذارید.",
  },
  preview: {
    open: "پیش‌نمایش گفتگو",
    opening: "در حال باز کردن…",
    hint: "پنجرهٔ گفتگو در زبانهٔ تازه باز می‌شود؛ گفتگوی پیش‌نمایش شما در این مرورگر نگه داشته می‌شود.",
    unsaved: "پیش‌نمایش آخرین تنظیمات ذخیره‌شده را نشان می‌دهد.",
    unregistered: "پیش‌نمایش پس از ساخت کد جاسازی در دسترس است.",
  },
} as const;
