// What the specs do through the interface, in the app's own words (its catalogue).
import { fa } from "../../web/src/i18n/fa.ts";
import type { Account } from "./api.ts";
import { expect, type Page } from "./fixtures.ts";

export { fa };

export async function signUp(page: Page, account: Account): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel(fa.auth.name).fill(account.name);
  await page.getByLabel(fa.auth.email).fill(account.email);
  await page.getByLabel(fa.auth.password).fill(account.password);
  await page.getByRole("button", { name: fa.auth.signUp }).click();
}

/** Fills and sends the sign-in form on the page that shows it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole("heading", { name: fa.auth.signInTitle })).toBeVisible();
  await page.getByLabel(fa.auth.email).fill(email);
  await page.getByLabel(fa.auth.password).fill(password);
  await page.getByRole("button", { name: fa.auth.signIn }).click();
}

export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto("/signin");
  await submitSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/projects$/);
}

/** The card of the project named `name` (exactly). */
export function card(page: Page, name: string) {
  return page.getByTestId("project-card").filter({
    has: page.getByTestId("project-name").getByText(name, { exact: true }),
  });
}

/** The same card, found by its id so it stays found while its name is being edited. */
export async function pinned(page: Page, name: string) {
  const id = await card(page, name).getAttribute("data-project-id");
  return page.locator(`[data-testid="project-card"][data-project-id="${id}"]`);
}

export function notification(page: Page, text: string) {
  return page.getByTestId("notification").filter({ hasText: text });
}
