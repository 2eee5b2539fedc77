import { message } from "@dastyar/rules";
import { newAccount, register } from "./api.ts";
import { expect, test } from "./fixtures.ts";
import { fa, signIn, signUp, submitSignIn } from "./ui.ts";

test("signing up lands on my (empty) projects", async ({ page }) => {
  const account = newAccount("مریم احمدی");
  await signUp(page, account);

  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("heading", { name: fa.projects.title })).toBeVisible();
  await expect(page.getByTestId("user-name")).toHaveText(account.name);
  await expect(page.getByText(fa.projects.empty)).toBeVisible();
  await expect(page.getByText(fa.projects.count(0))).toBeVisible();
  await expect(page.getByTestId("notification").first()).toHaveText(new RegExp(fa.auth.welcome(account.name)));

  // The page is Persian, right to left, in the bundled Vazirmatn.
  await expect(page.locator("html")).toHaveAttribute("lang", "fa");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await page.evaluate(() => document.fonts.check("16px Vazirmatn", "پروژه"))).toBe(true);
});

test("sign-up shows the server's Persian errors beside the field", async ({ page }) => {
  const taken = newAccount();
  await register(taken);

  await signUp(page, { ...newAccount(), email: "not-an-email" });
  const emailError = page.locator('[data-field-error="email"]');
  await expect(emailError).toHaveText(message("email_invalid", {}));
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel(fa.auth.email).fill(newAccount().email);
  await page.getByLabel(fa.auth.password).fill("short");
  await page.getByRole("button", { name: fa.auth.signUp }).click();
  await expect(page.locator('[data-field-error="password"]')).toHaveText(message("password_too_weak", {}));
  await expect(emailError).toHaveCount(0);

  // Long enough, with a letter and a digit, but the first a guesser tries.
  await page.getByLabel(fa.auth.password).fill("password1");
  await page.getByRole("button", { name: fa.auth.signUp }).click();
  await expect(page.locator('[data-field-error="password"]')).toHaveText(message("password_common", {}));

  await page.getByLabel(fa.auth.email).fill(taken.email);
  await page.getByLabel(fa.auth.password).fill("long enough 123");
  await page.getByRole("button", { name: fa.auth.signUp }).click();
  await expect(emailError).toHaveText(message("email_taken", {}));
});

test("signing out and in again", async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await expect(page).toHaveURL(/\/projects$/);

  await page.getByRole("button", { name: fa.nav.signOut }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByTestId("notification").filter({ hasText: fa.auth.signedOut })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("dastyar.token"))).toBeNull();

  // Signed out, the projects page sends me to sign in.
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, account);
  await expect(page.getByTestId("user-name")).toHaveText(account.name);
});

test("a wrong password shows the Persian error and keeps me on sign-in", async ({ page }) => {
  const account = newAccount();
  await register(account);

  await page.goto("/signin");
  await submitSignIn(page, account.email, "wrong password 1");
  await expect(page.getByTestId("form-error")).toHaveText(message("invalid_credentials", {}));
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem("dastyar.token"))).toBeNull();

  // The right one still works.
  await page.getByLabel(fa.auth.password).fill(account.password);
  await page.getByRole("button", { name: fa.auth.signIn }).click();
  await expect(page).toHaveURL(/\/projects$/);
});
