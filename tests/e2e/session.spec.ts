import { message } from "@dastyar/rules";
import { createProject, expiredToken, newAccount, register } from "./api.ts";
import { expect, test } from "./fixtures.ts";
import { fa, submitSignIn } from "./ui.ts";

for (const kind of ["invalid", "expired"] as const) {
  test(`an ${kind} token sends me to sign in and back where I was`, async ({ page }) => {
    const account = newAccount();
    const { token, user } = await register(account);
    const project = await createProject(token, "پروژهٔ برگشت");

    await page.goto("/signin");
    const stale = kind === "expired" ? expiredToken(user.id) : "not.a.token";
    await page.evaluate((value) => localStorage.setItem("dastyar.token", value), stale);

    await page.goto(`/projects/${project.id}`);
    await expect(page).toHaveURL(new RegExp(`/signin\\?next=%2Fprojects%2F${project.id}$`));
    expect(await page.evaluate(() => localStorage.getItem("dastyar.token"))).toBeNull();

    await submitSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expect(page.getByTestId("canvas-project-name")).toHaveText("پروژهٔ برگشت");
  });
}

test("a token that stops working mid-session sends me to sign in", async ({ page }) => {
  const account = newAccount();
  const { token, user } = await register(account);
  const project = await createProject(token, "میان‌راه");
  await page.goto("/signin");
  await submitSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/projects$/);

  // The token goes stale while the page is open; the next call answers 401.
  await page.evaluate((value) => localStorage.setItem("dastyar.token", value), expiredToken(user.id));
  await page.getByTestId("project-name").getByText("میان‌راه").click();
  await expect(page).toHaveURL(new RegExp(`/signin\\?next=%2Fprojects%2F${project.id}$`));
  await expect(page.getByRole("heading", { name: fa.auth.signInTitle })).toBeVisible();
});

test("another person's project is not found", async ({ page }) => {
  const owner = await register(newAccount());
  const theirs = await createProject(owner.token, "مال دیگری");
  const account = newAccount();
  await register(account);

  await page.goto(`/projects/${theirs.id}`);
  await submitSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(new RegExp(`/projects/${theirs.id}$`));
  await expect(page.getByRole("alert")).toHaveText(message("not_found", {}));
});

test("unknown pages say so", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: fa.notFound.title })).toBeVisible();
});

test("the subscription page is there for a signed-in person", async ({ page }) => {
  const account = newAccount();
  await register(account);
  await page.goto("/subscription");
  await submitSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole("heading", { name: fa.subscription.title })).toBeVisible();
  await expect(page.getByText(fa.subscription.lead)).toBeVisible();
});
