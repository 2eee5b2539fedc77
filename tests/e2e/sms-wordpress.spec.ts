// SMS and WordPress nodes acting on their fakes from their panels. SMS: the
// panel shows what a send takes, sends through the fake Kavenegar (which
// receives it once), lists it in the history, and words Kavenegar's refusal
// (low credit) in Persian. WordPress: the connection test signs in with an
// application password, the site's categories, authors and tags fill the
// pickers, a picked default category is saved, and a wrong password is
// refused in Persian.
import { message } from "@dastyar/rules";
import { expect as expectValue, type Locator } from "@playwright/test";
import { createProject, newAccount, register } from "./api.ts";
import { createNodeVia, storedNode } from "./canvas-api.ts";
import { node, openCanvas } from "./canvas-ui.ts";
import { failNextSms, newSmsAccount, smsSentWith } from "./fake-kavenegar.ts";
import { addCategory, addTag, addWordpressUser, wordpressSite } from "./fake-wordpress.ts";
import { expect, test, type Page } from "./fixtures.ts";
import { signIn } from "./ui.ts";

async function openPanel(page: Page, card: Locator, kind: string): Promise<Locator> {
  await card.locator("header").click({ position: { x: 10, y: 5 } });
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", kind);
  return panel;
}

/** The text of a server message whose values are not known here, as a pattern. */
function template(code: Parameters<typeof message>[0]): RegExp {
  const text = message(code, {});
  const parts = text.split(/\{[a-z_]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".+")}$`);
}

test("an SMS node sends from its panel through Kavenegar, lists the send, and words a refusal in Persian", async ({ page }) => {
  const account = newAccount("مدیر پیامک");
  const { token } = await register(account);
  const projectId = (await createProject(token, "پیامک‌ها")).id;
  const kavenegar = await newSmsAccount();
  const receptor = "09121112233";
  const sms = await createNodeVia(token, projectId, "sms", "پیامک مشتریان", { x: 0, y: 0 }, {
    api_key: kavenegar.api_key,
    receptor,
    message: "سفارش شما ارسال شد.",
  });

  await signIn(page, account);
  await openCanvas(page, projectId);
  const panel = await openPanel(page, node(page, sms.id), "sms");

  // What the send takes, before it goes.
  const send = panel.getByTestId("sms-send");
  await expect(send.getByTestId("sms-send-estimate")).toBeVisible();
  await expect(panel.getByTestId("sms-history-empty")).toBeVisible();
  await send.getByTestId("sms-send-now").click();
  await expect(send.getByTestId("sms-send-done")).toHaveText(template("sms_sent"));
  const sent = await smsSentWith(kavenegar.api_key);
  expectValue(sent.map((m) => [m.method, m.receptor, m.message])).toEqual([["sms/send", receptor, "سفارش شما ارسال شد."]]);

  // The history lists it with its text.
  const history = panel.getByTestId("sms-history");
  await history.getByTestId("sms-history-refresh").click();
  await expect(history.locator("li[data-send]")).toHaveCount(1);
  await expect(history.locator("li[data-send]").first()).toContainText("سفارش شما ارسال شد.");

  // The key is good: the test says so with the account's credit.
  await send.getByTestId("sms-test").click();
  await expect(send.getByTestId("sms-send-done")).toHaveText(template("sms_test_passed"));

  // Kavenegar's 418 (credit too low) is said in Persian, and nothing more was sent.
  await failNextSms("sms/send", 1, 418);
  await send.getByTestId("sms-send-now").click();
  await expect(send.getByTestId("sms-send-error")).toContainText(message("kavenegar_credit_insufficient", {}));
  expectValue(await smsSentWith(kavenegar.api_key)).toHaveLength(1);
});

test("a WordPress node signs in from its panel, fills its pickers from the site, and says a wrong password in Persian", async ({ page }) => {
  const account = newAccount("مدیر وبلاگ");
  const { token } = await register(account);
  const projectId = (await createProject(token, "وبلاگ")).id;
  const suffix = Math.random().toString(36).slice(2, 8);
  const editor = await addWordpressUser(`editor_${suffix}`, "ویراستار وبلاگ", "editor");
  const news = `اخبار ${suffix}`;
  const newsId = await addCategory(news);
  await addTag(`هوش مصنوعی ${suffix}`);
  const site = await createNodeVia(token, projectId, "wordpress", "وبلاگ شرکت", { x: 0, y: 0 }, {
    site_url: wordpressSite(),
    auth_type: "application_password",
    auth_data: { username: editor.user.username, applicationPassword: editor.application_password },
  });
  const wrong = await createNodeVia(token, projectId, "wordpress", "گذرواژهٔ نادرست", { x: 0, y: 400 }, {
    site_url: wordpressSite(),
    auth_type: "application_password",
    auth_data: { username: editor.user.username, applicationPassword: "abcd efgh ijkl mnop qrst uvwx" },
  });

  await signIn(page, account);
  await openCanvas(page, projectId);
  let panel = await openPanel(page, node(page, site.id), "wordpress");
  await panel.getByTestId("wordpress-test").click();
  const result = panel.getByTestId("wordpress-test-result");
  await expect(result).toHaveAttribute("data-status", "success");
  await expect(result).toContainText(message("wordpress_connected", { user: "ویراستار وبلاگ" }));

  // The site's lists fill the pickers: the new category is picked by name and saved by id.
  await expect(panel.getByTestId("wordpress-lists")).toBeVisible();
  const category = panel.locator('select[name="defaultCategory"]');
  await expect(category.locator("option", { hasText: news })).toHaveCount(1);
  await category.selectOption({ label: news });
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && new URL(r.url()).pathname === `/api/wordpress/${site.database_id}`);
  await panel.getByTestId("panel-save").click();
  expectValue((await saved).status()).toBe(200);
  await expectValue
    .poll(async () => ((await storedNode(token, projectId, site.id))!.data as { defaultCategory?: number }).defaultCategory)
    .toBe(newsId);

  // Another node with a wrong application password: WordPress's refusal in Persian, on the field to fix.
  panel = await openPanel(page, node(page, wrong.id), "wordpress");
  await panel.getByTestId("wordpress-test").click();
  await expect(panel.getByTestId("wordpress-test-result")).toHaveAttribute("data-status", "error");
  await expect(panel.getByTestId("wordpress-test-result")).toContainText("وردپرس نام کاربری یا گذرواژه را نپذیرفت");
});
