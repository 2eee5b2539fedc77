// Prints the website widget's size after `vite build -c vite.widget.config.ts`:
// the loader (widget.js) and the chat page (chat.js + chat.css), each gzipped
// at level 9, against a 15 KB budget for all three together. Exits 1 over it.
import { readFileSync } from "node:fs";
import { gzipSize, kb } from "./gzip-size.mjs";

const BUDGET_KB = 15;
const dir = new URL("../dist/widget/", import.meta.url);
const gzip = (name) => gzipSize(readFileSync(new URL(name, dir)));

const loader = gzip("widget.js");
const chat = gzip("chat.js") + gzip("chat.css");
const total = loader + chat;
console.log(
  `widget: loader ${kb(loader)} KB gzip, chat ${kb(chat)} KB gzip (js+css), total ${kb(total)} KB gzip of a ${BUDGET_KB} KB budget`,
);
if (total > BUDGET_KB * 1024) {
  console.error(`widget: over budget by ${kb(total - BUDGET_KB * 1024)} KB gzip`);
  process.exit(1);
}
