// The wordpress node's settings panel and card.
import type { WordpressAuthType, WordpressPostFormat, WordpressPostStatus } from "@dastyar/rules";
import type { ApiRoot } from "../../api/types";

const authTypes: Record<WordpressAuthType, string> = {
  application_password: "گذرواژهٔ برنامه (Application Password)",
  basic: "نام کاربری و گذرواژه (Basic)",
  jwt: "توکن JWT",
};

const postStatuses: Record<WordpressPostStatus, string> = {
  draft: "پیش‌نویس",
  publish: "انتشار",
  future: "زمان‌بندی‌شده",
  pending: "در انتظار بازبینی",
  private: "خصوصی",
};

const postFormats: Record<WordpressPostFormat, string> = {
  standard: "استاندارد",
  aside: "یادداشت کوتاه",
  chat: "گفتگو",
  gallery: "گالری",
  link: "پیوند",
  image: "تصویر",
  quote: "نقل قول",
  status: "وضعیت",
  video: "ویدیو",
  audio: "صدا",
};

/** WordPress's own roles; a plugin's role is shown by its name. */
const roles: Record<string, string> = {
  administrator: "مدیر کل",
  editor: "ویرایشگر",
  author: "نویسنده",
  contributor: "مشارکت‌کننده",
  subscriber: "مشترک",
};

const apiRoots: Record<ApiRoot, string> = {
  wp_json: "wp-json (پیوندهای یکتای نوشته‌محور)",
  rest_route: "?rest_route= (پیوندهای یکتای ساده)",
};

/** The site as the server reaches it: the connection test and the pickers' lists. */
const site = {
  title: "اتصال به سایت",
  test: "آزمایش اتصال",
  testing: "در حال آزمایش اتصال…",
  unsaved: "پس از ذخیرهٔ گره می‌توانید اتصال را آزمایش کنید و دسته‌ها، نویسندگان و برچسب‌ها را از سایت بخوانید.",
  incomplete: "برای آزمایش اتصال، نشانی سایت و اطلاعات ورود را کامل و ذخیره کنید.",
  saveFirst: "نشانی یا اطلاعات ورود تغییر کرده است؛ اول ذخیره کنید تا با همین‌ها آزمایش و خوانده شود.",
  user: "کاربر",
  role: "نقش",
  roles,
  roleList: (names: readonly string[]) => names.join("، "),
  apiRoot: "راه دسترسی به API",
  apiRoots,
  cannotWrite: "این کاربر اجازهٔ نوشتن نوشته ندارد و دستیار با او چیزی منتشر نمی‌کند. در وردپرس نقش مشارکت‌کننده یا بالاتر به او بدهید.",
  cannotPublish: "این کاربر فقط پیش‌نویس می‌نویسد، اما این گره نوشته‌ها را منتشر می‌کند. در وردپرس نقش نویسنده یا بالاتر به او بدهید، یا وضعیت نوشته را پیش‌نویس کنید.",
  wordpressSaid: "پاسخ خود وردپرس:",
  lists: "فهرست‌های سایت",
  loadingLists: "در حال خواندن دسته‌ها، نویسندگان و برچسب‌ها از سایت…",
  reload: "خواندن دوباره از سایت",
  loaded: (categories: string, authors: string, tags: string) =>
    `از سایت خوانده شد: ${categories} دسته، ${authors} نویسنده و ${tags} برچسب.`,
  truncated: "سایت بیش از ۱٬۰۰۰ مورد دارد و فقط ۱٬۰۰۰ مورد اول آمده است؛ بقیه را با شناسه پیدا نمی‌کنید.",
  notRead: "تا فهرست‌ها از سایت خوانده نشده‌اند، شناسه‌ها را دستی بنویسید.",
  search: (label: string) => `جستجو در ${label}`,
  noneMatch: "موردی با این نام نیست.",
  picked: (count: string) => `${count} انتخاب‌شده`,
};

export const wordpress = {
  connection: "اتصال به سایت",
  siteUrl: "نشانی سایت",
  siteUrlHint: "مثلاً https://blog.example.ir",
  normalised: (url: string) => `ذخیره به شکل: ${url}`,
  authType: "روش ورود",
  authTypes,
  username: "نام کاربری",
  applicationPassword: "گذرواژهٔ برنامه",
  password: "گذرواژه",
  jwtToken: "توکن JWT",
  showSecret: "نمایش مقدار محرمانه",
  authIncomplete: "برای اتصال به دستیار، اطلاعات ورود را کامل کنید:",
  authComplete: "اطلاعات ورود کامل است.",
  fields: {
    "authData.username": "نام کاربری",
    "authData.applicationPassword": "گذرواژهٔ برنامه",
    "authData.password": "گذرواژه",
    "authData.jwtToken": "توکن JWT",
  } as Record<string, string>,
  defaults: "پیش‌فرض‌های نوشته",
  postStatus: "وضعیت نوشته",
  postStatuses,
  postFormat: "قالب نوشته",
  postFormats,
  defaultCategory: "دستهٔ پیش‌فرض",
  defaultAuthor: "نویسندهٔ پیش‌فرض",
  defaultTags: "برچسب‌های پیش‌فرض",
  idHint: "شناسهٔ عددی در وردپرس",
  idsHint: "شناسه‌های عددی در وردپرس، جدا با ویرگول",
  none: "هیچ‌کدام",
  wholeNumber: "یک عدد صحیح بنویسید.",
  autoPublish: "انتشار خودکار",
  content: "محتوای نوشته",
  postTitle: "عنوان",
  postContent: "متن",
  postExcerpt: "خلاصه",
  slug: "نامک (slug)",
  categories: "دسته‌ها",
  tags: "برچسب‌ها",
  featuredImage: "نشانی تصویر شاخص",
  authorId: "نویسنده",
  publishDate: "زمان انتشار",
  publishDateHint: "برای نوشتهٔ زمان‌بندی‌شده، به شکل 2025-03-21T08:00:00Z",
  customFields: "فیلدهای سفارشی (JSON)",
  invalidJson: "این متن JSON معتبری نیست.",
  customFieldsObject: "فیلدهای سفارشی باید یک شیء JSON باشند.",
  description: "توضیحات",
  isActive: "فعال",
  noSite: "نشانی سایت تعیین نشده",
  site,
} as const;
