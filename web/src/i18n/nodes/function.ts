// The function node's settings panel and card.
import { formatNumber } from "../../format/number";

export const functionNode = {
  functionName: "نام تابع",
  functionNameHint: "نامی که مدل با آن تابع را صدا می‌زند: حروف انگلیسی، ارقام، _ و -.",
  functionDescription: "شرح تابع",
  functionDescriptionHint: "به مدل بگویید این تابع چه می‌کند و کی باید صدایش بزند.",
  parameters: "پارامترها",
  parametersHint: "مدل هنگام صدا زدن تابع این پارامترها را می‌فرستد.",
  noParameters: "هنوز پارامتری تعریف نشده است.",
  addParameter: "افزودن پارامتر",
  parameter: (n: number) => `پارامتر ${formatNumber(n)}`,
  parameterName: "نام پارامتر",
  parameterType: "نوع",
  parameterDescription: "شرح پارامتر",
  parameterRequired: "الزامی",
  removeParameter: (name: string) => (name ? `حذف پارامتر ${name}` : "حذف این پارامتر"),
  types: {
    string: "متن",
    number: "عدد",
    integer: "عدد صحیح",
    boolean: "درست / نادرست",
  },
  otherType: (type: string) => `${type} (فقط در JSON)`,
  nameRequired: "نام پارامتر را بنویسید؛ پارامتر بی‌نام ذخیره نمی‌شود.",
  nameDuplicate: "این نام تکراری است؛ فقط آخرین پارامتر با این نام ذخیره می‌شود.",
  advancedOnly: "این شما را فقط در نمای JSON می‌توان ویرایش کرد.",
  json: "شمای JSON (پیشرفته)",
  jsonLabel: "متن شمای پارامترها",
  jsonHint: "برای شمای پیچیده‌تر (فهرست، شیء تو در تو، enum) اینجا را ویرایش کنید.",
  jsonInvalid: "این متن JSON معتبر نیست.",
  card: {
    parameters: (n: number) => (n === 0 ? "بدون پارامتر" : `${formatNumber(n)} پارامتر`),
    unnamed: "بدون نام",
  },
} as const;
