// An accessibility pass with axe-core: its source injected into the page,
// axe.run over the whole document, and the violations a person would be
// stopped by (serious or critical) listed by rule and element.
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "./fixtures.ts";

const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** Serious and critical violations on the page as it is now, one line each (empty when none). */
/** Where the page fetches axe from: its own origin, which the app's Content-Security-Policy allows scripts from. */
const AXE_URL = "/__e2e__/axe.min.js";

export async function seriousViolations(page: Page): Promise<string[]> {
  // An inline script would be refused by the CSP (script-src 'self'): the page loads axe from its own origin, answered here.
  await page.route(`**${AXE_URL}`, (route) => route.fulfill({ path: AXE_SOURCE, contentType: "text/javascript" }));
  await page.addScriptTag({ url: AXE_URL });
  await page.unroute(`**${AXE_URL}`);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(document, {
      resultTypes: ["violations"],
    }),
  )) as AxeResults;
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary ?? v.help}`));
}
