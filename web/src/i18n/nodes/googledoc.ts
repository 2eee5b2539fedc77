// The googledoc node's settings panel and card (the sheet reuses the shared words).

/** What a Google document and a Google sheet both show about authorization. */
export const googleShared = {
  authStatus: "مجوز گوگل",
  authorized: "مجوز داده شده",
  pending: "در انتظار مجوز",
  pendingNote: "تا از گوگل اجازه نگیرید، این گره به دستیار یا پایگاه برداری وصل نمی‌شود.",
  notAuthorized: "مجوز داده نشده",
  authorize: "اجازه از گوگل",
  authorizeAgain: "اجازهٔ دوباره از گوگل",
  sync: "خواندن دوباره از گوگل",
  syncQueued: "خواندن دوباره آغاز شد؛ وضعیت آن در بخش دانش دیده می‌شود.",
  unsaved: "برای گرفتن اجازه از گوگل، اول گره را ذخیره کنید.",
  notConfigured: "گوگل روی این سرور پیکربندی نشده است",
  missing: "تنظیم‌های لازم:",
  redirectUri: "نشانی بازگشت برای ثبت در کنسول گوگل:",
  denied: "اجازهٔ دسترسی در گوگل داده نشد.",
} as const;

export const googledoc = {
  ...googleShared,
  docId: "شناسهٔ سند",
  docIdHint: "بخش میان /d/ و /edit در نشانی سند.",
  docName: "نام سند",
} as const;
