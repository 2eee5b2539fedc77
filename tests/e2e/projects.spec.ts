import { createProject, listProjects, newAccount, register } from "./api.ts";
import { expect, test } from "./fixtures.ts";
import { formatJalaliDate } from "../../web/src/format/date.ts";
import { card, fa, notification, pinned, signIn } from "./ui.ts";

test("create, rename and categorise a project; it all survives a reload", async ({ page }) => {
  const account = newAccount();
  const { token } = await register(account);
  await signIn(page, account);

  await page.getByLabel(fa.projects.newName).fill("دستیار فروشگاه");
  await page.getByRole("button", { name: fa.projects.create }).click();
  await expect(notification(page, fa.projects.created("دستیار فروشگاه"))).toBeVisible();
  await expect(card(page, "دستیار فروشگاه")).toBeVisible();
  const project = await pinned(page, "دستیار فروشگاه");
  await expect(project.getByTestId("project-category")).toHaveText(fa.projects.noCategory);
  await expect(page.getByText(fa.projects.count(1))).toBeVisible();

  // A blank name is refused with the server's message beside the input.
  await page.getByRole("button", { name: fa.projects.create }).click();
  await expect(page.locator('[data-field-error="name"]')).toBeVisible();

  await project.getByRole("button", { name: fa.projects.rename }).click();
  await project.getByLabel(fa.projects.name).fill("پشتیبانی فروشگاه");
  await project.getByRole("button", { name: fa.projects.save }).click();
  await expect(notification(page, fa.projects.renamed)).toBeVisible();
  await expect(card(page, "پشتیبانی فروشگاه")).toBeVisible();
  const renamed = project;

  await renamed.getByRole("button", { name: fa.projects.setCategory }).click();
  await renamed.getByLabel(fa.projects.category).fill("فروش");
  await renamed.getByRole("button", { name: fa.projects.save }).click();
  await expect(notification(page, fa.projects.categorySaved)).toBeVisible();
  await expect(renamed.getByTestId("project-category")).toHaveText("فروش");

  await page.reload();
  const reloaded = card(page, "پشتیبانی فروشگاه");
  await expect(reloaded.getByTestId("project-category")).toHaveText("فروش");
  await expect(card(page, "دستیار فروشگاه")).toHaveCount(0);

  // The date is Jalali with Persian digits, exactly as Intl writes it under Node.
  const [stored] = await listProjects(token);
  expect(stored).toMatchObject({ name: "پشتیبانی فروشگاه", category: "فروش", thumbnail: null });
  const expected = fa.projects.updated(formatJalaliDate(stored.updated_at, { timeZone: "Asia/Tehran" }));
  await expect(reloaded.getByTestId("project-updated")).toHaveText(expected);
  expect(expected).toMatch(/[۰-۹]/);

  // Opening it shows the project's canvas under its name.
  await reloaded.getByRole("link", { name: fa.projects.open, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${stored.id}$`));
  await expect(page.getByTestId("canvas-project-name")).toHaveText("پشتیبانی فروشگاه");
  await expect(page.getByTestId("flow-pane")).toBeVisible();
});

test("a thumbnail shows when the project has one", async ({ page }) => {
  const account = newAccount();
  const { token } = await register(account);
  const project = await createProject(token, "با تصویر");
  await createProject(token, "بی تصویر");
  // A 1x1 PNG.
  const png =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  const answer = await fetch(`${process.env.DASTYAR_E2E_URL}/api/projects/${project.id}/thumbnail`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ thumbnail: png }),
  });
  expect(answer.status).toBe(200);

  await signIn(page, account);
  await expect(card(page, "با تصویر").getByRole("img")).toHaveAttribute("src", png);
  await expect(card(page, "بی تصویر").getByRole("img")).toHaveCount(0);
});

test("deleting a project asks first", async ({ page }) => {
  const account = newAccount();
  const { token } = await register(account);
  await createProject(token, "ماندنی");
  await createProject(token, "رفتنی");
  await signIn(page, account);

  const doomed = card(page, "رفتنی");
  await doomed.getByRole("button", { name: fa.projects.delete }).click();
  const dialog = page.getByRole("alertdialog", { name: fa.projects.confirmDeleteTitle });
  await expect(dialog).toContainText(fa.projects.confirmDelete("رفتنی"));

  // Changing my mind keeps it.
  await dialog.getByRole("button", { name: fa.projects.cancel }).click();
  await expect(dialog).toHaveCount(0);
  await expect(doomed).toBeVisible();

  await doomed.getByRole("button", { name: fa.projects.delete }).click();
  await dialog.getByRole("button", { name: fa.projects.confirmDeleteAction }).click();
  await expect(notification(page, fa.projects.deleted("رفتنی"))).toBeVisible();
  await expect(doomed).toHaveCount(0);

  await page.reload();
  await expect(card(page, "ماندنی")).toBeVisible();
  await expect(card(page, "رفتنی")).toHaveCount(0);
  expect((await listProjects(token)).map((p) => p.name)).toEqual(["ماندنی"]);
});

test("notifications leave after five seconds", async ({ page }) => {
  const account = newAccount();
  await register(account);
  await signIn(page, account);
  await page.getByLabel(fa.projects.newName).fill("زودگذر");
  await page.getByRole("button", { name: fa.projects.create }).click();
  const shown = notification(page, fa.projects.created("زودگذر"));
  await expect(shown).toBeVisible();
  await expect(shown).toHaveCount(0, { timeout: 8_000 });
});
