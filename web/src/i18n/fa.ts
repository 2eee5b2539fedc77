// Every Persian string the interface shows, in one place. Components hold no
// Persian literal: they read from here. Error texts are not here: they come from
// the server's message or from `message(code, params)` of @dastyar/rules.
import { formatNumber } from "../format/number";
import { canvas } from "./canvas";
import { editing } from "./editing";
import { knowledge } from "./knowledge";
import { nodes } from "./nodes";
import { palette } from "./palette";
import { subscription } from "./subscription";
import { transfer } from "./transfer";

export const fa = {
  app: {
    name: "دستیار",
    tagline: "سازندهٔ دیداری گردش‌کارهای دستیار هوشمند",
    loading: "در حال بارگذاری…",
    retry: "تلاش دوباره",
  },
  nav: {
    projects: "پروژه‌ها",
    subscription: "اشتراک",
    account: "حساب",
    signOut: "خروج",
    main: "ناوبری اصلی",
  },
  auth: {
    signInTitle: "ورود به دستیار",
    signInLead: "با ایمیل و گذرواژهٔ خود وارد شوید.",
    signUpTitle: "ساخت حساب",
    signUpLead: "حساب تازه بسازید و اولین پروژه‌تان را شروع کنید.",
    name: "نام",
    email: "ایمیل",
    password: "گذرواژه",
    passwordHint: "دست‌کم ۸ نویسه، با حرف و رقم.",
    signIn: "ورود",
    signUp: "ساخت حساب",
    working: "لطفاً صبر کنید…",
    noAccount: "حساب ندارید؟",
    haveAccount: "حساب دارید؟",
    goSignUp: "ساخت حساب",
    goSignIn: "ورود",
    welcome: (name: string) => `${name}، خوش آمدید.`,
    signedOut: "از حساب خود خارج شدید.",
  },
  account: {
    title: "حساب من",
    lead: (email: string) => `ایمیل حساب: ${email}`,
    passwordTitle: "تغییر گذرواژه",
    passwordLead: "با تغییر گذرواژه، در همهٔ دستگاه‌های دیگر از حساب خارج می‌شوید.",
    currentPassword: "گذرواژهٔ فعلی",
    newPassword: "گذرواژهٔ تازه",
    changePassword: "تغییر گذرواژه",
    passwordChanged: "گذرواژه تغییر کرد و دستگاه‌های دیگر از حساب خارج شدند.",
    everywhereTitle: "خروج از همهٔ دستگاه‌ها",
    everywhereLead: "اگر دستگاهی را گم کرده‌اید یا به آن اعتماد ندارید، از همه‌جا خارج شوید؛ این دستگاه هم خارج می‌شود.",
    signOutEverywhere: "خروج از همهٔ دستگاه‌ها",
    signedOutEverywhere: "از حساب خود در همهٔ دستگاه‌ها خارج شدید.",
  },
  projects: {
    title: "پروژه‌ها",
    count: (n: number) => `${formatNumber(n)} پروژه`,
    empty: "هنوز پروژه‌ای ندارید. اولین پروژه را بسازید.",
    newName: "نام پروژهٔ تازه",
    newPlaceholder: "مثلاً پشتیبانی فروشگاه",
    create: "ساختن پروژه",
    created: (name: string) => `پروژهٔ «${name}» ساخته شد.`,
    open: "باز کردن",
    openNamed: (name: string) => `باز کردن پروژهٔ ${name}`,
    rename: "تغییر نام",
    renamed: "نام پروژه تغییر کرد.",
    name: "نام پروژه",
    category: "دسته",
    setCategory: "تعیین دسته",
    categoryPlaceholder: "مثلاً فروش",
    categorySaved: "دستهٔ پروژه ذخیره شد.",
    categoryCleared: "دستهٔ پروژه برداشته شد.",
    noCategory: "بدون دسته",
    updated: (date: string) => `به‌روزرسانی: ${date}`,
    save: "ذخیره",
    cancel: "انصراف",
    delete: "حذف",
    deleted: (name: string) => `پروژهٔ «${name}» حذف شد.`,
    confirmDeleteTitle: "حذف پروژه",
    confirmDelete: (name: string) =>
      `پروژهٔ «${name}» و هر آنچه در آن است برای همیشه حذف شود؟`,
    confirmDeleteAction: "بله، حذف شود",
    thumbnailAlt: (name: string) => `تصویر بندانگشتی ${name}`,
    noThumbnail: "بدون تصویر",
    actions: "کارهای پروژه",
  },
  canvas,
  editing,
  knowledge,
  nodes,
  palette,
  subscription,
  transfer,
  notFound: {
    title: "صفحه پیدا نشد",
    text: "نشانی‌ای که باز کرده‌اید در دستیار وجود ندارد.",
    home: "رفتن به پروژه‌ها",
  },
  notifications: {
    region: "اعلان‌ها",
    close: "بستن اعلان",
  },
  errors: {
    network: "ارتباط با سرور برقرار نشد. اتصال خود را بررسی و دوباره تلاش کنید.",
  },
} as const;

export type Catalogue = typeof fa;
