// The subscription pages as a person uses them: hitting the assistant limit
// and buying a plan through the development gateway, buying credits (a
// package, and a custom amount cancelled at the gateway), paying a pending
// subscription from the paged history, and moving down to the free plan
// with too many assistants.
import { join } from "node:path";
import { kinds, message, persianDigits } from "@dastyar/rules";
import {
  createProject,
  creditOfferOf,
  currentSubscriptionOf,
  newAccount,
  planOf,
  register,
  startPlanPurchase,
  subscribeVia,
} from "./api.ts";
import { createNodeVia, projectNodes } from "./canvas-api.ts";
import { addButton, fa, nodesOfKind, notification, openCanvas, statusOf } from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";
import { formatNumber } from "../../web/src/format/number.ts";
import { ARTIFACTS } from "./paths.ts";
import { card, signIn } from "./ui.ts";

const t = fa.subscription;
const ASSISTANT = kinds().find((k) => k.kind === "assistant")!.label;
/** Enough for an assistant's creation job (polled every 2 s) to finish. */
const SETTLE = { timeout: 20_000 };

/** A screenshot under artifacts/: the whole page, or (with a dialog open) what is on screen. */
async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

function planCard(page: Page, key: string) {
  return page.locator(`[data-testid="plan-card"][data-plan-key="${key}"]`);
}

/** On the mock gateway: pays with `cardNumber`, and answers the payment id once on the result page. */
async function payAtMockGateway(page: Page, cardNumber: string): Promise<number> {
  await expect(page).toHaveURL(/\/subscription\/mock-gateway\?payment_id=\d+$/);
  const paymentId = Number(new URL(page.url()).searchParams.get("payment_id"));
  await expect(page.getByText(t.mockGateway.badge, { exact: true })).toBeVisible();
  await page.getByLabel(t.mockGateway.cardNumber).fill(cardNumber);
  await page.getByRole("button", { name: t.mockGateway.pay, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/payment-result\\?payment_id=${paymentId}$`));
  return paymentId;
}

test("on the free plan at the assistant limit: buy «پایه» through the mock gateway, then the fourth assistant fits", async ({ page }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  const { token } = await register(account);
  const project = await createProject(token, "فروشگاه کتاب");
  for (const [i, x] of [0, 320, 640].entries()) {
    await createNodeVia(token, project.id, "assistant", `دستیار ${i + 1}`, { x, y: 0 });
  }
  const free = await planOf(token, "free");
  const starter = await planOf(token, "starter");
  expect(free.quota.assistant_nodes).toBe(3);

  // The limit on the canvas sends me to the subscription page.
  await signIn(page, account);
  await openCanvas(page, project.id);
  await expect(nodesOfKind(page, "assistant")).toHaveCount(3);
  await addButton(page, ASSISTANT).click();
  await expect(page.getByTestId("notification").filter({ hasText: "حداکثر" })).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/, { timeout: 8_000 });
  await expect(page.getByTestId("current-plan-name")).toHaveText(free.name);
  await expect(page.getByTestId("current-plan-status")).toHaveText(t.current.free);
  await expect(planCard(page, "free").getByRole("button")).toBeDisabled();
  await expect(planCard(page, "free").getByRole("button")).toHaveText(t.plans.isCurrent);
  await expect(planCard(page, "starter").getByTestId("plan-price")).toHaveText(
    t.plans.price(starter.prices.monthly, "monthly"),
  );
  await expect(page.getByTestId("history")).toContainText(t.history.empty);
  await shot(page, "subscription-free-plan");

  // The yearly toggle reprices the cards; back to monthly to buy.
  await page.getByTestId("cycle-toggle").getByText(t.cycle.yearly).click();
  await expect(planCard(page, "starter").getByTestId("plan-price")).toHaveText(t.plans.price(starter.prices.yearly, "yearly"));
  await page.getByTestId("cycle-toggle").getByText(t.cycle.monthly).click();
  await expect(planCard(page, "starter").getByTestId("plan-price")).toHaveText(t.plans.price(starter.prices.monthly, "monthly"));

  await planCard(page, "starter").getByRole("button", { name: t.plans.buyNamed(starter.name) }).click();
  await expect(page).toHaveURL(/\/subscription\/mock-gateway\?payment_id=\d+$/);
  await expect(page.getByTestId("gateway-amount")).toHaveText(t.rials(starter.prices.monthly));
  await expect(page.getByTestId("gateway-description")).toContainText(starter.name);
  await shot(page, "subscription-mock-gateway");

  // A short card number is refused before anything is sent; Persian digits are fine.
  await page.getByLabel(t.mockGateway.cardNumber).fill("6037-9977");
  await page.getByRole("button", { name: t.mockGateway.pay, exact: true }).click();
  await expect(page.getByText(message("card_number_invalid", {}))).toBeVisible();
  await expect(page).toHaveURL(/\/subscription\/mock-gateway/);
  const paymentId = await payAtMockGateway(page, "۶۰۳۷-۹۹۷۷-۱۲۳۴-۴۳۲۱");

  const result = page.getByTestId("payment-result");
  await expect(result).toHaveAttribute("data-status", "paid");
  await expect(result.getByRole("heading", { name: t.result.paidTitle })).toBeVisible();
  await expect(page.getByTestId("payment-bought")).toHaveText(t.result.boughtPlan(starter.name, "monthly"));
  await expect(page.getByTestId("payment-amount")).toHaveText(t.rials(starter.prices.monthly));
  await expect(page.getByTestId("payment-ref")).toHaveText(persianDigits(`MOCK-${paymentId}`));
  await expect(page.getByTestId("payment-card")).toHaveText(t.result.cardLastFour("۴۳۲۱"));
  await shot(page, "subscription-payment-paid");

  // The subscription page now shows «پایه» as mine, active, in the history too.
  await page.getByRole("link", { name: t.result.backToSubscription }).click();
  await expect(page.getByTestId("current-plan-name")).toHaveText(starter.name);
  await expect(page.getByTestId("current-plan-status")).toHaveText(t.status.active);
  // My paid plan's card offers renewing it.
  await expect(planCard(page, "starter").getByRole("button")).toHaveText(t.plans.renew);
  await expect(planCard(page, "starter")).toHaveAttribute("data-action", "renew");
  const rows = page.getByTestId("history-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(starter.name);
  await expect(rows.first()).toContainText(t.status.active);
  await expect(page.getByTestId("history-page")).toHaveText(t.history.pageOf(1, 1));
  expect((await currentSubscriptionOf(token)).plan.key).toBe("starter");
  await shot(page, "subscription-starter-current");

  // Back to the project: the fourth assistant is let in.
  await page.goBack();
  await expect(page).toHaveURL(/\/subscription\/payment-result/);
  await page.getByRole("link", { name: t.result.toProjects }).click();
  await card(page, project.name).getByRole("link", { name: fa.projects.open, exact: true }).click();
  await expect(page.getByTestId("flow-pane")).toBeVisible();
  await page.locator(".react-flow__controls-fitview").click();
  await addButton(page, ASSISTANT).click();
  await expect(nodesOfKind(page, "assistant")).toHaveCount(4);
  await expect(statusOf(nodesOfKind(page, "assistant")).and(page.locator('[data-status="success"]'))).toHaveCount(4, SETTLE);
  expect((await projectNodes(token, project.id)).filter((n) => n.type === "assistant")).toHaveLength(4);
  await expect(page.getByTestId("notification").filter({ hasText: "حداکثر" })).toHaveCount(0);
  await shot(page, "subscription-fourth-assistant");
});

test("buying a credit package raises the balance shown", async ({ page }) => {
  const account = newAccount();
  const { token } = await register(account);
  const before = (await currentSubscriptionOf(token)).credit_balance;
  const pkg = (await creditOfferOf(token)).packages[0]!;

  await signIn(page, account);
  await page.goto("/subscription");
  await expect(page.getByTestId("credit-balance")).toHaveText(t.current.creditCount(before));
  await expect(page.getByTestId("credits-balance")).toHaveText(t.credits.balance(before));
  await expect(page.getByTestId("credit-history")).toContainText(t.creditHistory.empty);

  await page.getByRole("button", { name: t.credits.buyNamed(pkg.name) }).click();
  await expect(page.getByTestId("gateway-amount")).toHaveText(t.rials(pkg.price));
  await payAtMockGateway(page, "6037997712345678");
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-status", "paid");
  await expect(page.getByTestId("payment-bought")).toHaveText(t.result.boughtCredits(pkg.credits));

  await page.getByRole("link", { name: t.result.backToSubscription }).click();
  await expect(page.getByTestId("credit-balance")).toHaveText(t.current.creditCount(before + pkg.credits));
  await expect(page.getByTestId("credits-balance")).toHaveText(t.credits.balance(before + pkg.credits));
  expect((await currentSubscriptionOf(token)).credit_balance).toBe(before + pkg.credits);
  // The purchase is in the history of credit purchases.
  const bought = page.getByTestId("credit-history-row");
  await expect(bought).toHaveCount(1);
  await expect(bought).toContainText(pkg.name);
  await expect(bought).toContainText(t.rials(pkg.price));
  await shot(page, "subscription-credits-bought");
});

test("a custom credit amount is checked and priced as typed; cancelling at the gateway fails it and changes nothing", async ({ page }) => {
  const account = newAccount();
  const { token } = await register(account);
  const before = (await currentSubscriptionOf(token)).credit_balance;
  const { custom } = await creditOfferOf(token);

  await signIn(page, account);
  await page.goto("/subscription");
  const form = page.getByTestId("custom-credits");
  const field = form.getByLabel(t.credits.amount);
  await expect(form).toContainText(t.credits.amountHint(custom.min_credits, custom.max_credits, custom.price_per_credit));

  // Empty, then too few: said before anything is sent.
  await form.getByRole("button", { name: t.credits.buyCustom }).click();
  await expect(form.getByText(t.credits.amountRequired)).toBeVisible();
  await field.fill(persianDigits(String(custom.min_credits - 1)));
  const range = message("credit_amount_invalid", {
    min: formatNumber(custom.min_credits),
    max: formatNumber(custom.max_credits),
  });
  await expect(form.getByText(range)).toBeVisible();
  await form.getByRole("button", { name: t.credits.buyCustom }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // Persian digits with grouping are read and priced.
  await field.fill("۱٬۲۵۰");
  await expect(form.getByText(range)).toHaveCount(0);
  await expect(page.getByTestId("custom-credits-price")).toHaveText(t.credits.price(1250 * custom.price_per_credit));
  await shot(page, "subscription-custom-credits");
  await form.getByRole("button", { name: t.credits.buyCustom }).click();

  await expect(page).toHaveURL(/\/subscription\/mock-gateway\?payment_id=\d+$/);
  await expect(page.getByTestId("gateway-amount")).toHaveText(t.rials(1250 * custom.price_per_credit));
  await page.getByRole("button", { name: t.mockGateway.cancel, exact: true }).click();
  await expect(page).toHaveURL(/\/subscription\/payment-result\?payment_id=\d+$/);
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-status", "failed");
  await expect(page.getByTestId("payment-failure")).toHaveText(message("payment_cancelled", {}));
  await shot(page, "subscription-payment-cancelled");

  await page.getByRole("link", { name: t.result.tryAgain }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId("credit-balance")).toHaveText(t.current.creditCount(before));

  // An address the gateway could not match says so.
  await page.goto("/subscription/payment-result?status=unknown");
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-status", "missing");
  await expect(page.getByRole("heading", { name: t.result.notFoundTitle })).toBeVisible();
});

test("the history pages through subscriptions, and a pending one is paid from its row", async ({ page }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  const { token } = await register(account);
  const starter = await planOf(token, "starter");
  const pro = await planOf(token, "pro");
  // Ten abandoned «حرفه‌ای» purchases, then one «پایه»: eleven pending, newest first.
  for (let i = 0; i < 10; i++) await startPlanPurchase(token, "pro", "yearly");
  await startPlanPurchase(token, "starter", "monthly");

  await signIn(page, account);
  await page.goto("/subscription");
  const rows = page.getByTestId("history-row");
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId("history-page")).toHaveText(t.history.pageOf(1, 2));
  await expect(page.getByRole("button", { name: t.history.previous })).toBeDisabled();
  await expect(rows.first()).toContainText(starter.name);
  await expect(rows.first()).toContainText(t.status.pending);
  await expect(rows.nth(1)).toContainText(pro.name);
  await expect(rows.nth(1)).toContainText(t.cycle.yearly);
  await expect(rows.nth(1)).toContainText(t.rials(pro.prices.yearly));

  await page.getByRole("button", { name: t.history.next }).click();
  await expect(page.getByTestId("history-page")).toHaveText(t.history.pageOf(2, 2));
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("button", { name: t.history.next })).toBeDisabled();
  await shot(page, "subscription-history-page-2");
  await page.getByRole("button", { name: t.history.previous }).click();
  await expect(page.getByTestId("history-page")).toHaveText(t.history.pageOf(1, 2));

  await rows.first().getByRole("button", { name: t.history.payNamed(starter.name) }).click();
  await expect(page.getByTestId("gateway-amount")).toHaveText(t.rials(starter.prices.monthly));
  await payAtMockGateway(page, "6037997712345678");
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-status", "paid");

  await page.getByRole("link", { name: t.result.backToSubscription }).click();
  await expect(page.getByTestId("current-plan-name")).toHaveText(starter.name);
  await expect(rows.first()).toContainText(t.status.active);
  await expect(rows.first().getByRole("button")).toHaveCount(0);
});

test("down to the free plan with too many assistants: pick enough, confirm, and they are gone", async ({ page }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  const { token } = await register(account);
  await subscribeVia(token, "starter");
  const free = await planOf(token, "free");
  const starter = await planOf(token, "starter");
  const project = await createProject(token, "پشتیبانی");
  // Oldest first: the analysis lists them newest first and suggests the newest two.
  const names = [1, 2, 3, 4, 5].map((i) => `دستیار شمارهٔ ${persianDigits(String(i))}`);
  const made = [];
  for (const [i, name] of names.entries()) {
    made.push(await createNodeVia(token, project.id, "assistant", name, { x: i * 320, y: 0 }));
  }
  const [oldest, second] = made;

  await signIn(page, account);
  await page.goto("/subscription");
  await expect(page.getByTestId("current-plan-name")).toHaveText(starter.name);
  await expect(planCard(page, "free").getByRole("button")).toHaveText(t.plans.toFree);
  await planCard(page, "free").getByRole("button").click();

  const dialog = page.getByRole("dialog", { name: t.downgrade.title(free.name) });
  await expect(dialog).toBeVisible();
  const assistants = dialog.getByTestId("downgrade-kind-assistant");
  await expect(assistants).toContainText(t.downgrade.kindSummary(3, 5, 2));
  await expect(assistants.getByRole("checkbox")).toHaveCount(5);
  await expect(assistants).toContainText(t.downgrade.project(project.name));
  // The newest two are suggested and ticked, and that is enough.
  await expect(dialog.getByTestId(`downgrade-node-${made[4]!.database_id}`)).toBeChecked();
  await expect(dialog.getByTestId(`downgrade-node-${made[3]!.database_id}`)).toBeChecked();
  await expect(dialog.getByTestId(`downgrade-node-${oldest!.database_id}`)).not.toBeChecked();
  await expect(dialog.getByTestId("downgrade-status")).toHaveAttribute("data-enough", "true");

  // Untick both: not enough, and it will not go on.
  const next = dialog.getByRole("button", { name: t.downgrade.next });
  await dialog.getByTestId(`downgrade-node-${made[4]!.database_id}`).uncheck();
  await dialog.getByTestId(`downgrade-node-${made[3]!.database_id}`).uncheck();
  await expect(dialog.getByTestId("downgrade-status")).toHaveAttribute("data-enough", "false");
  await expect(assistants.getByTestId("downgrade-kind-status")).toHaveText(t.downgrade.kindShort(2, ASSISTANT));
  await expect(next).toBeDisabled();
  await dialog.getByTestId(`downgrade-node-${oldest!.database_id}`).check();
  await expect(assistants.getByTestId("downgrade-kind-status")).toHaveText(t.downgrade.kindShort(1, ASSISTANT));
  await expect(next).toBeDisabled();
  await shot(page, "subscription-downgrade-not-enough", { fullPage: false });

  // The oldest two instead: enough.
  await dialog.getByTestId(`downgrade-node-${second!.database_id}`).check();
  await expect(dialog.getByTestId("downgrade-status")).toHaveAttribute("data-enough", "true");
  await expect(next).toBeEnabled();
  await shot(page, "subscription-downgrade-enough", { fullPage: false });
  await next.click();

  // The confirmation names what goes and says it cannot be undone; cancelling deletes nothing.
  const confirm = page.getByRole("alertdialog", { name: t.downgrade.confirmTitle });
  await expect(confirm).toContainText(t.downgrade.nodeInList(names[0]!, project.name));
  await expect(confirm).toContainText(t.downgrade.nodeInList(names[1]!, project.name));
  await expect(confirm).toContainText(t.downgrade.confirmEndsSubscription);
  await expect(confirm).not.toContainText(names[4]!);
  await shot(page, "subscription-downgrade-confirm", { fullPage: false });
  await confirm.getByRole("button", { name: fa.projects.cancel }).click();
  await expect(confirm).toHaveCount(0);
  expect((await projectNodes(token, project.id)).filter((n) => n.type === "assistant")).toHaveLength(5);

  await next.click();
  await page.getByRole("alertdialog").getByRole("button", { name: t.downgrade.confirmAction }).click();
  await expect(notification(page, t.downgrade.done(free.name, 2))).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("current-plan-name")).toHaveText(free.name);
  await expect(planCard(page, "free").getByRole("button")).toBeDisabled();

  const left = (await projectNodes(token, project.id)).filter((n) => n.type === "assistant").map((n) => n.id);
  expect(left.sort()).toEqual(made.slice(2).map((n) => n.id).sort());
  expect((await currentSubscriptionOf(token)).plan.key).toBe("free");
  await shot(page, "subscription-downgraded-to-free");
});

test("down to a smaller paid plan: the over-quota card opens the flow, and after the deletions the browser goes to pay", async ({ page }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  const { token } = await register(account);
  await subscribeVia(token, "pro");
  const starter = await planOf(token, "starter");
  const limit = starter.quota.assistant_nodes!;
  const project = await createProject(token, "مرکز تماس");
  const made = [];
  for (let i = 0; i <= limit; i++) {
    made.push(await createNodeVia(token, project.id, "assistant", `پاسخ‌گو ${persianDigits(String(i + 1))}`, { x: i * 320, y: 0 }));
  }

  await signIn(page, account);
  await page.goto("/subscription");
  const starterCard = planCard(page, "starter");
  await expect(starterCard).toContainText(t.plans.overQuota);
  await starterCard.getByRole("button", { name: t.plans.change }).click();

  const dialog = page.getByRole("dialog", { name: t.downgrade.title(starter.name) });
  await expect(dialog.getByTestId("downgrade-kind-assistant")).toContainText(t.downgrade.kindSummary(limit, limit + 1, 1));
  await expect(dialog.getByTestId(`downgrade-node-${made[limit]!.database_id}`)).toBeChecked();
  await expect(dialog.getByTestId("downgrade-status")).toHaveAttribute("data-enough", "true");
  await expect(dialog).toContainText(t.downgrade.cycleNote("monthly"));
  await dialog.getByRole("button", { name: t.downgrade.next }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: t.downgrade.confirmAction }).click();

  await expect(page.getByTestId("gateway-amount")).toHaveText(t.rials(starter.prices.monthly));
  await payAtMockGateway(page, "6037997712345678");
  await expect(page.getByTestId("payment-bought")).toHaveText(t.result.boughtPlan(starter.name, "monthly"));
  await page.getByRole("link", { name: t.result.backToSubscription }).click();
  await expect(page.getByTestId("current-plan-name")).toHaveText(starter.name);
  const left = (await projectNodes(token, project.id)).filter((n) => n.type === "assistant");
  expect(left.map((n) => n.id).sort()).toEqual(made.slice(0, limit).map((n) => n.id).sort());
  await shot(page, "subscription-downgraded-to-starter");
});
