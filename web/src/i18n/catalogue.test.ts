// Every Persian word the interface shows lives in a catalogue: the app's (fa.ts
// and the files it gathers under i18n/) or the website widget's own
// (widget/i18n.ts, kept apart so the widget stays small); no other source file
// holds Persian text outside its comments, code both share (shared/) included.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { chatText, loaderText } from "../../widget/i18n";
import { fa } from "./fa";

const web = fileURLToPath(new URL("../..", import.meta.url));
// Each source folder and the catalogue in it (a folder or a file), if any.
const FOLDERS = [
  { dir: "src", catalogue: `src${sep}i18n${sep}` },
  { dir: "widget", catalogue: `widget${sep}i18n.ts` },
  { dir: "shared", catalogue: null },
];
// Arabic-script letters and digits (Persian included).
const PERSIAN = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The code without its comments (roughly: enough to find string literals). */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every fixed string in a catalogue with its path (templates, being functions, are left out). */
function words(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => words(inner, `${path}.${key}`));
}

describe("the Persian catalogues", () => {
  for (const { dir, catalogue } of FOLDERS) {
    it(`are the only sources in ${dir}/ with Persian text`, () => {
      const offenders = sources(join(web, dir))
        .map((path) => relative(web, path))
        .filter((path) => catalogue === null || !path.startsWith(catalogue))
        .filter((path) => PERSIAN.test(code(join(web, path))));
      expect(offenders).toEqual([]);
    });
  }

  it("hold Persian words, never Latin-only ones", () => {
    const catalogues = { fa, widget: { chatText, loaderText } };
    const offenders = Object.entries(catalogues)
      .flatMap(([name, catalogue]) => words(catalogue, name))
      .filter(([, text]) => !PERSIAN.test(text));
    expect(offenders).toEqual([]);
  });

  it("fill their templates with Persian digits", () => {
    expect(fa.projects.count(12)).toBe("۱۲ پروژه");
    expect(chatText.tooLong(12)).toBe("پیام حداکثر ۱۲ نویسه می‌تواند باشد.");
    expect(chatText.waitSeconds(30)).toBe("تا ۳۰ ثانیهٔ دیگر می‌توانید دوباره بفرستید.");
  });
});
