// Accessibility (issue #16): axe-core finds no serious or critical
// violation on the projects page, the canvas with a settings panel open,
// and /subscription.
import { createProject, newAccount, register } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { createEdgeVia, createNodeVia } from "./canvas-api.ts";
import { fa, node, openCanvas } from "./canvas-ui.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./ui.ts";

test("the projects page, the canvas with a panel open and /subscription have no serious accessibility problem", async ({ page }) => {
  const account = newAccount();
  const { token } = await register(account);
  const project = await createProject(token, "دسترس‌پذیری");
  const helper = await createNodeVia(token, project.id, "assistant", "پشتیبان", { x: 0, y: 0 });
  const store = await createNodeVia(token, project.id, "vectorstore", "اسناد", { x: 400, y: 0 });
  await createEdgeVia(token, project.id, store, helper);
  await createNodeVia(token, project.id, "trigger", "یادآور", { x: 0, y: 300 });

  await signIn(page, account);
  await expect(page.getByTestId("project-card")).toHaveCount(1);
  expect(await seriousViolations(page), "projects page").toEqual([]);

  await openCanvas(page, project.id);
  await node(page, helper.id).click();
  await expect(page.getByTestId("settings-panel")).toBeVisible();
  expect(await seriousViolations(page), "canvas with a panel open").toEqual([]);

  await page.goto("/subscription");
  await expect(page.getByTestId("plan-card").first()).toBeVisible();
  expect(await seriousViolations(page), "/subscription").toEqual([]);
  await expect(page.getByRole("heading", { name: fa.subscription.title })).toBeVisible();
});
