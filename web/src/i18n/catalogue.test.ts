// Every Persian word the interface shows lives in the catalogue (fa.ts and the
// files it gathers under i18n/): no other source file holds Persian text
// outside its comments.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
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
  it("is the only source with Persian text", () => {
    const offenders = sources(src)
      .filter((path) => !relative(src, path).startsWith(`i18n${sep}`))
      .filter((path) => PERSIAN.test(code(path)))
      .map((path) => relative(src, path));
    expect(offenders).toEqual([]);
  });

  it("fills its templates with Persian digits", () => {
    expect(fa.projects.count(12)).toBe("۱۲ پروژه");
  });
});
