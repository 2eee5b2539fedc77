// The `page` every spec gets: Debian's Chromium (/usr/bin/chromium) launched by
// playwright-core with a fresh temporary profile, pointed at the server that
// server.ts started. A screenshot of the last screen lands in artifacts/.
import { test as base, expect, type Page } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { ARTIFACTS } from "./paths.ts";

export const CHROMIUM = process.env.DASTYAR_E2E_CHROMIUM ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The running server's address (set by server.ts). */
export function serverUrl(): string {
  const url = process.env.DASTYAR_E2E_URL;
  if (!url) throw new Error("e2e: DASTYAR_E2E_URL is unset; run through playwright.config.ts");
  return url;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const test = base.extend<{ context: BrowserContext; page: Page }>({
  // A persistent context is how Chromium gets a --user-data-dir of our choosing.
  context: async ({}, use) => {
    const profile = await mkdtemp(join(tmpdir(), "dastyar-e2e-chromium-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      baseURL: serverUrl(),
      locale: "fa-IR",
      timezoneId: "Asia/Tehran",
      viewport: { width: 1280, height: 860 },
    });
    await use(context);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  },
  page: async ({ context }, use, testInfo) => {
    const page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await use(page);
    const file = slug(`${basename(testInfo.file, ".spec.ts")} ${testInfo.title}`);
    await page.screenshot({ path: join(ARTIFACTS, `${file}.png`), fullPage: true }).catch(() => {});
    expect(problems, "uncaught errors in the page").toEqual([]);
  },
});

export { expect, type Page };
