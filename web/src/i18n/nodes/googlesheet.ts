// The googlesheet node's settings panel and card.
import { googleShared } from "./googledoc";

export const googlesheet = {
  ...googleShared,
  sheetId: "شناسهٔ برگه",
  sheetIdHint: "بخش میان /d/ و /edit در نشانی برگه.",
  sheetName: "نام برگه",
} as const;
