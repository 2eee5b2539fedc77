// The subscription pages' words: plans, credits, history, the downgrade flow,
// the development gateway and the payment result. Amounts are rials, the
// server's unit.
import { formatNumber } from "../format/number";

type Cycle = "monthly" | "yearly";
type Status = "pending" | "active" | "expired" | "cancelled";

const cycles: Record<Cycle, string> = { monthly: "ماهانه", yearly: "سالانه" };
const rials = (amount: number) => `${formatNumber(amount)} ریال`;

export const subscription = {
  title: "اشتراک و اعتبار",
  lead: "طرح خود را ببینید و تغییر دهید، اعتبار بخرید و پرداخت‌های گذشته را مرور کنید.",
  rials,
  cycle: cycles,
  status: {
    pending: "در انتظار پرداخت",
    active: "فعال",
    expired: "پایان‌یافته",
    cancelled: "لغوشده",
  } satisfies Record<Status, string>,
  redirecting: "در حال انتقال به درگاه پرداخت…",

  current: {
    heading: "طرح فعلی شما",
    plan: "طرح",
    status: "وضعیت",
    expires: "پایان اشتراک",
    credits: "اعتبار باقی‌مانده",
    free: "رایگان، بدون اشتراک",
    noEnd: "بدون تاریخ پایان",
    creditCount: (n: number) => `${formatNumber(n)} اعتبار`,
    ended: (plan: string, date: string) => `اشتراک «${plan}» شما در ${date} به پایان رسید.`,
  },

  plans: {
    heading: "طرح‌ها",
    periodsNote:
      "خرید طرحی دیگر، آن را از همین حالا جایگزین طرح فعلی می‌کند؛ تمدید طرح فعلی، دورهٔ تازه را پس از پایان دورهٔ کنونی آغاز می‌کند.",
    everyPlan:
      "همهٔ طرح‌ها همهٔ انواع گره و اتصال را دارند: پنجرهٔ گفتگوی سایت، ربات تلگرام، زمان‌بند و راه‌انداز، پیامک، وردپرس، API، و سند و برگهٔ گوگل (هرجا سرور به گوگل وصل باشد). تفاوت طرح‌ها در سقف گره‌ها، اعتبار ماهانه و فضای فایل است.",
    cycleLabel: "دورهٔ پرداخت",
    price: (amount: number, cycle: Cycle) => `${rials(amount)} ${cycle === "monthly" ? "در ماه" : "در سال"}`,
    free: "رایگان",
    quotaHeading: "سقف گره‌ها",
    quota: (label: string, limit: number | null) =>
      `${label}: ${limit === null ? "نامحدود" : formatNumber(limit)}`,
    monthlyCredits: (n: number) => `${formatNumber(n)} اعتبار در ماه`,
    currentBadge: "طرح فعلی",
    isCurrent: "طرح فعلی شما",
    buy: "خرید",
    buyNamed: (name: string) => `خرید طرح ${name}`,
    renew: "تمدید",
    renewHint: "دورهٔ تازه از پایان دورهٔ فعلی آغاز می‌شود.",
    toFree: "بازگشت به طرح رایگان",
    change: "تغییر به این طرح",
    overQuota: "گره‌های شما از سقف این طرح بیشتر است؛ پیش از تغییر باید چند گره حذف شود.",
  },

  downgrade: {
    title: (plan: string) => `تغییر به طرح «${plan}»`,
    loading: "در حال بررسی گره‌های شما…",
    fits: "گره‌های شما در سقف این طرح جا می‌شوند و چیزی حذف نمی‌شود.",
    needsCleanup: (plan: string) =>
      `گره‌های شما از سقف طرح «${plan}» بیشتر است. گره‌هایی را که باید حذف شوند انتخاب کنید؛ جدیدترین‌ها از پیش انتخاب شده‌اند.`,
    kindSummary: (limit: number | null, used: number, excess: number) =>
      `سقف: ${limit === null ? "نامحدود" : formatNumber(limit)} · موجود: ${formatNumber(used)} · باید حذف شود: ${formatNumber(excess)}`,
    project: (name: string) => `پروژهٔ ${name}`,
    created: (date: string) => `ساخته‌شده در ${date}`,
    kindEnough: "کافی است",
    kindShort: (n: number, label: string) => `هنوز ${formatNumber(n)} ${label} دیگر باید انتخاب شود`,
    enough: "انتخاب شما کافی است.",
    notEnough: "هنوز گره‌های کافی انتخاب نشده است.",
    selected: (n: number) => `${formatNumber(n)} گره انتخاب شده`,
    next: "ادامه",
    close: "بستن",
    cycleNote: (cycle: Cycle) => `پس از حذف، به درگاه پرداخت می‌روید (دورهٔ ${cycles[cycle]}).`,
    confirmTitle: "حذف همیشگی گره‌ها",
    confirmDelete: (names: string, plan: string) =>
      `این گره‌ها برای همیشه حذف می‌شوند و این کار بازگشت‌پذیر نیست: ${names}. سپس طرح شما به «${plan}» تغییر می‌کند.`,
    confirmNoDelete: (plan: string) => `طرح شما به «${plan}» تغییر می‌کند.`,
    confirmEndsSubscription: "اشتراک فعلی شما همین حالا پایان می‌یابد.",
    nodeInList: (name: string, project: string) => `«${name}» (پروژهٔ ${project})`,
    listSeparator: "، ",
    confirmAction: "بله، حذف و تغییر طرح",
    confirmChange: "بله، تغییر طرح",
    done: (plan: string, deleted: number) =>
      deleted > 0
        ? `${formatNumber(deleted)} گره حذف شد و طرح شما اکنون «${plan}» است.`
        : `طرح شما اکنون «${plan}» است.`,
  },

  credits: {
    heading: "اعتبار",
    balance: (n: number) => `موجودی: ${formatNumber(n)} اعتبار`,
    packagesHeading: "بسته‌های اعتبار",
    packageCredits: (n: number) => `${formatNumber(n)} اعتبار`,
    buy: "خرید",
    buyNamed: (name: string) => `خرید ${name}`,
    customHeading: "مقدار دلخواه",
    amount: "تعداد اعتبار",
    amountHint: (min: number, max: number, perCredit: number) =>
      `از ${formatNumber(min)} تا ${formatNumber(max)} اعتبار؛ هر اعتبار ${rials(perCredit)}.`,
    amountRequired: "تعداد اعتبار را بنویسید.",
    price: (amount: number) => `مبلغ: ${rials(amount)}`,
    buyCustom: "خرید اعتبار",
  },

  history: {
    heading: "تاریخچهٔ اشتراک‌ها",
    empty: "هنوز اشتراکی نخریده‌اید.",
    caption: "اشتراک‌های شما، جدیدترین در بالا",
    plan: "طرح",
    cycle: "دوره",
    status: "وضعیت",
    amount: "مبلغ",
    start: "شروع",
    end: "پایان",
    actions: "پرداخت",
    pay: "پرداخت",
    payNamed: (plan: string) => `پرداخت اشتراک ${plan}`,
    previous: "قبلی",
    next: "بعدی",
    pageOf: (page: number, pages: number) => `صفحهٔ ${formatNumber(page)} از ${formatNumber(pages)}`,
    pager: "صفحه‌های تاریخچه",
  },

  creditHistory: {
    heading: "خریدهای اعتبار",
    empty: "هنوز اعتباری نخریده‌اید.",
    caption: "خریدهای پرداخت‌شدهٔ اعتبار، جدیدترین در بالا",
    when: "زمان پرداخت",
    what: "خرید",
    credits: "اعتبار",
    amount: "مبلغ",
    refId: "کد پیگیری",
    custom: "مقدار دلخواه",
    noRef: "ندارد",
    more: (total: number) => `${formatNumber(total)} خرید در کل؛ جدیدترین‌ها در این فهرست آمده‌اند.`,
  },

  mockGateway: {
    title: "درگاه پرداخت آزمایشی",
    badge: "درگاه آزمایشی",
    notice: "این صفحه فقط برای توسعه و آزمایش است: پولی جابه‌جا نمی‌شود و هر شمارهٔ کارت ۱۶ رقمی پذیرفته می‌شود.",
    description: "شرح",
    amount: "مبلغ",
    cardNumber: "شمارهٔ کارت",
    cardHint: "۱۶ رقم؛ رقم‌های فارسی یا انگلیسی، با خط تیره یا فاصله.",
    pay: "پرداخت",
    cancel: "انصراف",
    working: "لطفاً صبر کنید…",
    notPending: "این پرداخت پیش‌تر نهایی شده است.",
    seeResult: "دیدن نتیجهٔ پرداخت",
  },

  result: {
    title: "نتیجهٔ پرداخت",
    paidTitle: "پرداخت موفق بود",
    failedTitle: "پرداخت ناموفق بود",
    pendingTitle: "در انتظار تأیید",
    pendingText: "درگاه هنوز نتیجهٔ این پرداخت را اعلام نکرده است. چند لحظه بعد دوباره بررسی کنید.",
    notFoundTitle: "پرداخت پیدا نشد",
    notFoundText: "پرداختی با این نشانی در حساب شما پیدا نشد.",
    boughtPlan: (plan: string, cycle: Cycle) => `طرح «${plan}»، ${cycles[cycle]}`,
    boughtCredits: (n: number) => `${formatNumber(n)} اعتبار`,
    bought: "خرید",
    description: "شرح",
    amount: "مبلغ",
    refId: "کد پیگیری",
    card: "کارت",
    cardLastFour: (digits: string) => `**** ${digits}`,
    paidAt: "زمان پرداخت",
    reason: "علت",
    recheck: "بررسی دوباره",
    continueMock: "ادامهٔ پرداخت در درگاه آزمایشی",
    backToSubscription: "بازگشت به اشتراک",
    tryAgain: "تلاش دوباره",
    toProjects: "رفتن به پروژه‌ها",
  },
} as const;
