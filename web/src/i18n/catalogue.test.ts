// Every Persian word the interface shows lives in fa.ts: no other source file
// holds Persian text outside its comments.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fa } from "./fa";

const src = fileURLToPath(new URL("..", import.meta.url));
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

describe("the Persian catalogue", () => {
  it("is the only source file with Persian text", () => {
    const offenders = sources(src)
      .filter((path) => relative(src, path) !== join("i18n", "fa.ts"))
      .filter((path) => PERSIAN.test(code(path)))
      .map((path) => relative(src, path));
    expect(offenders).toEqual([]);
  });

  it("fills its templates with Persian digits", () => {
    expect(fa.projects.count(12)).toBe("۱۲ پروژه");
  });
});
