// The googledoc node's settings panel and card (the sheet reuses the shared words).

/** What a Google document and a Google sheet both show about authorization. */
export const googleShared = {
  authStatus: "مجوز گوگل",
  authorized: "مجوز داده شده",
  pending: "در انتظار مجوز",
  pendingNote:
    "مجوز دسترسی به گوگل همراه با یکپارچه‌سازی گوگل فراهم می‌شود؛ تا آن زمان این گره به دستیار یا پایگاه برداری وصل نمی‌شود.",
  notAuthorized: "مجوز داده نشده",
} as const;

export const googledoc = {
  ...googleShared,
  docId: "شناسهٔ سند",
  docIdHint: "بخش میان /d/ و /edit در نشانی سند.",
  docName: "نام سند",
} as const;
