// The canvas's own words: toolbar, palette, node states, menus, panels.
import { formatNumber } from "../format/number";

export const canvas = {
  back: "بازگشت به پروژه‌ها",
  region: "بوم گردش کار",
  palette: "افزودن گره",
  paletteHint: "روی هر نوع بزنید تا در میانهٔ نمای فعلی افزوده شود.",
  addNamed: (label: string) => `افزودن ${label}`,
  toolbar: "ابزارهای بوم",
  addContainer: "ظرف تازه",
  group: "گروه‌بندی انتخاب‌شده‌ها",
  tidyUp: "مرتب‌سازی",
  tidyUpAll: "چیدن همهٔ گره‌ها از راست به چپ، به ترتیب اتصال‌ها",
  tidyUpSelection: "چیدن گره‌های انتخاب‌شده از راست به چپ، به ترتیب اتصال‌ها",
  saveThumbnail: "ذخیرهٔ تصویر پروژه",
  thumbnailSaved: "تصویر پروژه ذخیره شد.",
  thumbnailFailed: "ذخیرهٔ تصویر پروژه ناموفق بود.",
  empty: "بوم خالی است. از فهرست سمت راست یک گره بیفزایید.",
  status: {
    pending: "در حال ذخیره",
    success: "آماده",
    error: "خطا",
    pending_assistant: "در انتظار اتصال به دستیار",
  },
  /** What a card's badge says: ready only when nothing stands in the way (canvas/nodes/readiness.ts). */
  readiness: {
    saving: "در حال ذخیره",
    error: "خطا",
    ready: "آماده",
    waiting_assistant: "در انتظار اتصال به دستیار",
    waiting_model: "در انتظار مدل زبانی",
    needs_setup: "نیازمند تنظیم",
    needs_authorization: "در انتظار اجازهٔ گوگل",
    inactive: "خاموش",
    not_connected: "وصل‌نشده به تلگرام",
  },
  /** The first line of a panel whose node is not ready: what to do next. */
  nextStep: {
    heading: "گام بعدی",
    retry: "ذخیره ناموفق بود؛ «تلاش دوباره» را بزنید.",
    connect_assistant: "آن را به یک دستیار وصل کنید: از خروجی دستیار به ورودی این گره بکشید.",
    configure_model: "مدل زبانی پیکربندی نشده است: نشانی و کلید سرویس مدل زبانی را روی سرور تنظیم کنید (DASTYAR_LLM_BASE_URL و DASTYAR_LLM_API_KEY)؛ سپس «تلاش دوباره» را بزنید.",
    retry_registration: "سرویس مدل زبانی این دستیار را نپذیرفت (در دسترس نبود یا این مدل را ندارد): در همین تنظیمات مدلی را که سرویس دارد انتخاب و ذخیره کنید، یا «تلاش دوباره» را بزنید.",
    enter_bot_token: "توکن و نام کاربری ربات را از BotFather وارد و ذخیره کنید.",
    connect_bot: "ربات به تلگرام وصل نیست و پیامی نمی‌شنود: در همین تنظیمات «اتصال به تلگرام» را بزنید.",
    activate_frame: "پنجرهٔ گفتگو غیرفعال است: نام شرکت و دامنه‌های مجاز را وارد و ذخیره کنید، سپس «ساخت کد جاسازی» را بزنید.",
    switch_on: "خاموش است؛ برای اجرا روشنش کنید.",
    connect_request: "آن را به یک درخواست API وصل کنید تا هر بار اجرا شود.",
    connect_container: "ظرفی را که پنجرهٔ گفتگو یا ربات تلگرام دارد به این تحلیل‌گر وصل کنید تا گفتگوهایش را بخواند.",
    complete_sms: "کلید API کاوه‌نگار، گیرنده و متن یا الگوی پیامک را کامل کنید.",
    enter_site: "نشانی سایت وردپرس و اطلاعات ورود را وارد کنید.",
    connect_api_definition: "یک تعریف API را به این درخواست وصل کنید.",
    authorize_google: "با دکمهٔ «اجازه از گوگل» دسترسی به سند را بدهید.",
  },
  /** What a refused connection adds: what the source may connect to instead. */
  refusal: {
    allowed: (kind: string, kinds: string[]) => `«${kind}» را می‌توان به این‌ها وصل کرد: ${kinds.join("، ")}.`,
    noOutputs: (kind: string) => `«${kind}» خروجی ندارد و به گره دیگری وصل نمی‌شود؛ گره‌های دیگر به آن وصل می‌شوند.`,
  },
  progress: (percent: number) => `ساخت: ${formatNumber(percent)}٪`,
  retry: "تلاش دوباره",
  settings: "تنظیمات",
  delete: "حذف",
  deleteEdge: "حذف اتصال",
  removeFromContainer: "خارج کردن از ظرف",
  menu: "کارهای گره",
  edgeMenu: "کارهای اتصال",
  /** On a phone the palette is a sheet over the canvas. */
  phone: {
    openPalette: "+ افزودن گره",
    closePalette: "بستن فهرست",
  },
  /** Asking before a delete that takes edges or several nodes. */
  confirmDelete: {
    title: (nodes: number) => (nodes > 1 ? `حذف ${formatNumber(nodes)} گره` : "حذف گره"),
    text: (labels: string[], edges: number) => {
      const names = labels.map((l) => `«${l}»`).join("، ");
      const many = labels.length > 1;
      const what = many ? `گره‌های ${names}` : `گره ${names}`;
      const along = edges > 0 ? ` همراه با ${formatNumber(edges)} اتصال${many ? "شان" : "ش"}` : "";
      return `${what}${along} حذف ${many ? "می‌شوند" : "می‌شود"}. این کار بازگشت‌پذیر نیست.`;
    },
    confirm: "بله، حذف شود",
    dontAskAgain: "تا بارگذاری دوبارهٔ صفحه دیگر نپرس",
  },
  /** Leaving a panel with edits not yet saved. */
  unsaved: {
    title: "تغییرهای ذخیره‌نشده",
    text: (label: string) => `تنظیمات «${label}» تغییر کرده و هنوز ذخیره نشده است.`,
    save: "ذخیره",
    discard: "دور ریختن تغییرها",
    stay: "ماندن در تنظیمات",
  },
  confirmDisconnectTitle: "قطع اتصال",
  confirmDisconnect: "بله، قطع شود",
  cancel: "انصراف",
  panel: {
    title: (label: string) => `تنظیمات ${label}`,
    close: "بستن تنظیمات",
    save: "ذخیره",
    saving: "در حال ذخیره…",
    saved: "تنظیمات ذخیره شد.",
    label: "نام گره",
    invalid: "چند فیلد نیاز به اصلاح دارد.",
    notSaved: "این گره هنوز ساخته نشده است؛ پس از ساخت می‌توانید تنظیماتش را ذخیره کنید.",
  },
  /** A saved token, key or password: only its mask comes from the server. */
  secret: {
    saved: "ذخیره شده؛ برای امنیت نمایش داده نمی‌شود.",
    replace: "جایگزینی",
    keep: "نگه‌داشتن مقدار ذخیره‌شده",
    replacing: "مقدار تازه را وارد کنید؛ اگر خالی بماند، با ذخیره پاک می‌شود.",
  },
  frameSettings: "تنظیمات پنجرهٔ گفتگو",
  botSettings: "تنظیمات ربات",
  frameSettingsTitle: "تنظیمات پنجرهٔ گفتگوی ظرف",
  botSettingsTitle: "تنظیمات ربات ظرف",
  containerId: "شناسهٔ ظرف",
  companyId: "شناسهٔ شرکت",
  botId: "شناسهٔ ربات",
  notYet: "هنوز ثبت نشده",
  minimap: "نقشهٔ کوچک بوم",
  lowDetailList: "گره‌های بوم (نمای دور)",
} as const;
