// Phones and small screens (issue #16): at 390x844 the canvas takes the
// screen, the palette and the settings panel are sheets over it, every
// kind's panel reaches its Save button (a screenshot of each lands in
// artifacts/phone/), and /subscription fits without sideways scrolling.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { kinds } from "@dastyar/rules";
import { createProject, newAccount, register } from "./api.ts";
import { createNodeVia } from "./canvas-api.ts";
import { fa, notification, openCanvas } from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";
import { ARTIFACTS } from "./paths.ts";
import { signIn } from "./ui.ts";

const PHONE = { width: 390, height: 844 };
const SHOTS = join(ARTIFACTS, "phone");

/** Whether the page scrolls sideways. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test("on a phone the canvas takes the screen and every kind's panel reaches Save", async ({ page }) => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  await page.setViewportSize(PHONE);
  const account = newAccount();
  const { token } = await register(account);
  const project = await createProject(token, "روی گوشی");
  const persisted = kinds().filter((k) => k.persisted);
  for (const [i, { kind, label }] of persisted.entries()) {
    // A function's stored name is its tool name: English letters.
    const name = kind === "function" ? "lookup_order" : label;
    await createNodeVia(token, project.id, kind, name, { x: (i % 3) * 300, y: Math.floor(i / 3) * 220 });
  }
  await signIn(page, account);
  expect(await scrollsSideways(page), "the projects page fits").toBe(false);
  await openCanvas(page, project.id);

  // The canvas spans the screen; the palette waits behind a button.
  const pane = await page.getByTestId("flow-pane").boundingBox();
  expect(pane!.width).toBeGreaterThan(PHONE.width - 40);
  expect(pane!.height).toBeGreaterThan(PHONE.height / 2);
  expect(await scrollsSideways(page), "the canvas page fits").toBe(false);
  const palette = page.getByRole("navigation", { name: fa.canvas.palette });
  await expect(palette).toBeHidden();

  // The palette as a sheet: opened, a kind added, closed again.
  await page.getByTestId("palette-toggle").click();
  await expect(palette).toBeVisible();
  await expect(palette).toBeInViewport();
  const testframe = kinds().find((k) => k.kind === "testframe")!;
  await palette.getByRole("button", { name: fa.canvas.addNamed(testframe.label), exact: true }).click();
  await expect(palette).toBeHidden();
  // A new test frame opens its panel at once.
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "testframe");
  await panel.getByRole("button", { name: fa.canvas.panel.close }).click();

  // Fitted to a phone, the cards are too small to read: the low-detail layer draws them, and its
  // list of nodes is how the keyboard (and this spec) picks one.
  for (const { kind } of kinds()) {
    await page.locator(".react-flow__controls-fitview").click();
    const entry = page.getByTestId("low-detail-list").locator(`button[data-id^="${kind}-"]`);
    await entry.focus();
    await page.keyboard.press("Enter");
    await expect(panel).toHaveAttribute("data-kind", kind);
    const save = panel.getByTestId("panel-save");
    await expect(save, `${kind}: Save on screen`).toBeInViewport({ ratio: 1 });
    await expect(panel.getByRole("button", { name: fa.canvas.panel.close }), `${kind}: close on screen`).toBeInViewport();
    await page.screenshot({ path: join(SHOTS, `${kind}.png`) });
    // Save does what it says from there.
    if (await save.isEnabled()) {
      await panel.getByLabel(fa.canvas.panel.label, { exact: true }).fill(`${kind} روی گوشی`);
      await save.click();
      if (kind !== "testframe") await expect(notification(page, fa.canvas.panel.saved)).toBeVisible();
      await expect(entry).toContainText(`${kind} روی گوشی`);
    }
    await panel.getByRole("button", { name: fa.canvas.panel.close }).click();
    await expect(panel).toHaveCount(0);
  }
  expect(await scrollsSideways(page)).toBe(false);
});

test("/subscription fits a phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const account = newAccount();
  await register(account);
  await signIn(page, account);
  await page.goto("/subscription");
  await expect(page.getByTestId("plan-card").first()).toBeVisible();
  await page.screenshot({ path: join(SHOTS, "subscription.png"), fullPage: true });
  // What every plan has is said once; a card lists only what its plan adds and the server enforces.
  await expect(page.getByTestId("plans-every-plan")).toHaveText(fa.subscription.plans.everyPlan);
  for (const sold of ["زمان‌بند", "پیامک", "گوگل", "پشتیبانی"]) {
    await expect(page.getByTestId("plan-card").filter({ hasText: sold })).toHaveCount(0);
  }
  expect(await scrollsSideways(page)).toBe(false);
  for (const card of await page.getByTestId("plan-card").all()) {
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }
});
