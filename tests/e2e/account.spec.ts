import { message } from "@dastyar/rules";
import { listProjects, newAccount, register } from "./api.ts";
import { expect, test } from "./fixtures.ts";
import { fa, signIn, submitSignIn } from "./ui.ts";

test("changing my password keeps me here and signs out my other devices", async ({ page }) => {
  const account = newAccount();
  const other = await register(account); // a token as another device holds it
  await signIn(page, account);
  await page.getByRole("link", { name: fa.nav.account }).click();
  await expect(page.getByRole("heading", { name: fa.account.title })).toBeVisible();

  // A wrong current password is said beside its field; I stay signed in.
  await page.getByLabel(fa.account.currentPassword).fill("not-it-1402");
  await page.getByLabel(fa.account.newPassword).fill("Tehran-Shiraz-1403");
  await page.getByRole("button", { name: fa.account.changePassword }).click();
  await expect(page.locator('[data-field-error="current_password"]')).toHaveText(message("invalid_credentials", {}));
  // A new password anyone would guess is refused.
  await page.getByLabel(fa.account.currentPassword).fill(account.password);
  await page.getByLabel(fa.account.newPassword).fill("password1");
  await page.getByRole("button", { name: fa.account.changePassword }).click();
  await expect(page.locator('[data-field-error="new_password"]')).toHaveText(message("password_common", {}));

  await page.getByLabel(fa.account.newPassword).fill("Tehran-Shiraz-1403");
  await page.getByRole("button", { name: fa.account.changePassword }).click();
  await expect(page.getByTestId("notification").filter({ hasText: fa.account.passwordChanged })).toBeVisible();
  // This device goes on; the other device's token no longer works.
  await page.getByRole("link", { name: fa.nav.projects }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(listProjects(other.token)).rejects.toThrow(/401/);

  // The new password signs in, the old one does not.
  await page.getByRole("button", { name: fa.nav.signOut }).click();
  await submitSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/signin$/);
  await submitSignIn(page, account.email, "Tehran-Shiraz-1403");
  await expect(page).toHaveURL(/\/projects$/);
});

test("signing out everywhere ends this session and every other", async ({ page }) => {
  const account = newAccount();
  const other = await register(account);
  await signIn(page, account);
  await page.goto("/account");
  await page.getByRole("button", { name: fa.account.signOutEverywhere }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByTestId("notification").filter({ hasText: fa.account.signedOutEverywhere })).toBeVisible();
  await expect(listProjects(other.token)).rejects.toThrow(/401/);
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/signin/);
});
