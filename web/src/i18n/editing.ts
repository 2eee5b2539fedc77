// The canvas editor's words for undo and redo, copy and paste, the keyboard
// and screen readers.
import { formatNumber } from "../format/number";

/** Names as a Persian list: «الف»، «ب». */
const quoted = (names: string[]) => names.map((name) => `«${name}»`).join("، ");

export const editing = {
  undo: "واگرد",
  redo: "انجام دوباره",
  undoNamed: (step: string) => `واگرد: ${step}`,
  redoNamed: (step: string) => `انجام دوباره: ${step}`,
  nothingToUndo: "کاری برای واگرد نیست.",
  nothingToRedo: "کاری برای انجام دوباره نیست.",
  undoRefused: (step: string) => `واگرد «${step}» انجام نشد؛ این گام در تاریخچه ماند تا دوباره امتحان کنید.`,
  redoRefused: (step: string) => `انجام دوبارهٔ «${step}» انجام نشد؛ این گام در تاریخچه ماند تا دوباره امتحان کنید.`,
  undoGone: (step: string) => `«${step}» واگرد نشد: گره‌هایش دیگر روی بوم نیستند؛ این گام از تاریخچه کنار رفت.`,
  redoGone: (step: string) => `«${step}» دوباره انجام نشد: گره‌هایش دیگر روی بوم نیستند؛ این گام از تاریخچه کنار رفت.`,
  undoPartial: (step: string) => `واگرد «${step}» کامل نشد؛ آنچه سرور نپذیرفت در پیام‌های بالا آمده است.`,
  redoPartial: (step: string) => `انجام دوبارهٔ «${step}» کامل نشد؛ آنچه سرور نپذیرفت در پیام‌های بالا آمده است.`,
  secretsToEnter: (names: string[]) =>
    `کلیدها و گذرواژه‌ها همراه گره‌ها برنمی‌گردند؛ آن‌ها را در تنظیمات ${quoted(names)} دوباره وارد کنید.`,
  /** What each step of the history was, as the buttons name it. */
  steps: {
    add: (kind: string) => `افزودن ${kind}`,
    delete: (name: string) => `حذف «${name}»`,
    deleteMany: (count: number) => `حذف ${formatNumber(count)} گره`,
    connect: "اتصال",
    disconnect: "حذف اتصال",
    move: "جابه‌جایی",
    group: "گروه‌بندی در ظرف",
    takeOut: "خارج کردن از ظرف",
    save: (name: string) => `ذخیرهٔ تنظیمات «${name}»`,
    paste: (count: number) => `چسباندن ${formatNumber(count)} گره`,
    duplicate: (count: number) => `تکثیر ${formatNumber(count)} گره`,
  },
  clipboard: {
    copied: (count: number, edges: number) =>
      edges > 0
        ? `${formatNumber(count)} گره و ${formatNumber(edges)} اتصال رونوشت شد.`
        : `${formatNumber(count)} گره رونوشت شد.`,
    nothingSelected: "گره‌ای انتخاب نشده است؛ برای رونوشت، یک یا چند گره را انتخاب کنید.",
    empty: "چیزی برای چسباندن نیست؛ نخست گره‌هایی را رونوشت کنید.",
    pasted: (count: number) => `${formatNumber(count)} گره چسبانده شد.`,
    partial: "بخشی از آنچه رونوشت شده بود ساخته نشد؛ دلیلش در پیام‌های بالا آمده است.",
    secretsLeft: (names: string[]) => `کلیدها و گذرواژه‌ها رونوشت نمی‌شوند؛ آن‌ها را در تنظیمات ${quoted(names)} وارد کنید.`,
  },
  shortcuts: {
    open: "میان‌برهای صفحه‌کلید",
    title: "میان‌برهای صفحه‌کلید",
    close: "بستن",
    hint: "وقتی در یک فیلد می‌نویسید، میان‌برها کار نمی‌کنند.",
    keysLabel: "کلیدها",
    actionLabel: "کار",
    or: "یا",
    /** What each shortcut does (the keys are in canvas/shortcutKeys.ts). */
    actions: {
      undo: "واگرد آخرین کار",
      redo: "انجام دوباره",
      copy: "رونوشت گره‌های انتخاب‌شده با اتصال‌های میانشان",
      paste: "چسباندن در جای نشانگر (در همین پروژه یا پروژه‌ای دیگر)",
      duplicate: "تکثیر گره‌های انتخاب‌شده",
      open: "باز کردن تنظیمات گرهٔ انتخاب‌شده",
      close: "بستن تنظیمات، پنجره‌ها و همین راهنما",
      nudge: "جابه‌جایی گره‌های انتخاب‌شده (با Shift، گام بلندتر)",
      delete: "حذف گره‌ها یا اتصال‌های انتخاب‌شده",
      focus: "رفتن از گرهی به گره دیگر",
      help: "نمایش همین راهنما",
    },
  },
  /** React Flow's labels and descriptions for screen readers. */
  a11y: {
    node: (kind: string, name: string) => (name ? `${kind}: ${name}` : kind),
    edge: (source: string, target: string) => `اتصال از ${source} به ${target}`,
    nodeDescription:
      "برای انتخاب گره Enter یا فاصله را بزنید؛ با Enter دوباره تنظیماتش باز می‌شود، با کلیدهای جهت جابه‌جا می‌شود، با Delete حذف و با Escape انتخاب لغو می‌شود.",
    edgeDescription: "برای انتخاب اتصال Enter یا فاصله را بزنید؛ سپس با Delete حذف و با Escape لغو می‌شود.",
    moved: (direction: string, x: number, y: number) =>
      `گره به ${direction} رفت. جای تازه: x ${formatNumber(x)}، y ${formatNumber(y)}`,
    directions: { left: "چپ", right: "راست", up: "بالا", down: "پایین" } as Record<string, string>,
    controls: "کنترل‌های نما",
    zoomIn: "بزرگ‌نمایی",
    zoomOut: "کوچک‌نمایی",
    fitView: "نمایش همهٔ گره‌ها",
    interactive: "قفل یا باز کردن ویرایش بوم",
    handle: "نقطهٔ اتصال",
  },
} as const;
