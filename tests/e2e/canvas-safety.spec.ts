// Nothing lost by accident, and states that tell the truth (issue #16):
// an unsaved panel edit asks before it is left (save and discard both
// work), deleting a node with edges asks (and "don't ask again" lasts until
// the page is reloaded), a card says what it waits for with the next step
// atop its panel, and a refused connection says what is allowed instead.
import { allowedTargets, kindInfo, type NodeKind } from "@dastyar/rules";
import { createEdgeVia, createNodeVia, projectEdges, projectNodes, storedNode } from "./canvas-api.ts";
import {
  connect,
  fa,
  flowNode,
  node,
  notification,
  openCanvas,
  reloadCanvas,
  signedInWithProject,
  snapshot,
  statusOf,
} from "./canvas-ui.ts";
import { newBot } from "./fake-telegram.ts";
import { expect, test, type Page } from "./fixtures.ts";

const panel = (page: Page) => page.getByTestId("settings-panel");
const nameField = (page: Page) => panel(page).getByLabel(fa.canvas.panel.label, { exact: true });
const prompt = (page: Page) => page.getByTestId("unsaved-prompt");
const deleteDialog = (page: Page) => page.getByRole("alertdialog");
const label = (kind: NodeKind) => kindInfo(kind)!.label;

/** Opens node `id`'s context menu and chooses delete. */
async function deleteFromMenu(page: Page, id: string) {
  await node(page, id).click({ button: "right" });
  await page.getByRole("menuitem", { name: fa.canvas.delete }).click();
}

test("an unsaved panel edit asks before the panel is left: discard keeps the node, save saves it", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "ویرایش ذخیره‌نشده");
  const tone = await createNodeVia(token, projectId, "instruction", "لحن", { x: 0, y: 0 });
  const rule = await createNodeVia(token, projectId, "instruction", "قانون", { x: 420, y: 0 });
  await openCanvas(page, projectId);

  // Another node chosen with an edit pending: asked; discard opens the other and keeps the first as it was.
  await node(page, tone.id).click();
  await nameField(page).fill("لحن رسمی");
  await node(page, rule.id).click();
  await expect(prompt(page)).toBeVisible();
  await expect(prompt(page)).toContainText(fa.canvas.unsaved.text("لحن"));
  await expect(nameField(page), "the edit is still there behind the question").toHaveValue("لحن رسمی");
  await snapshot(page, "canvas-safety-unsaved-prompt");
  await prompt(page).getByRole("button", { name: fa.canvas.unsaved.discard }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(nameField(page)).toHaveValue("قانون");
  await expect(node(page, tone.id).locator("h3")).toHaveText("لحن");
  expect((await storedNode(token, projectId, tone.id))?.data.label).toBe("لحن");

  // Stay keeps the panel and the edit.
  await nameField(page).fill("قانون تازه");
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await prompt(page).getByRole("button", { name: fa.canvas.unsaved.stay }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(nameField(page)).toHaveValue("قانون تازه");

  // Closing with the edit: asked; save saves, says so, and closes.
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole("button", { name: fa.canvas.unsaved.save }).click();
  await expect(notification(page, fa.canvas.panel.saved)).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
  await expect(node(page, rule.id).locator("h3")).toHaveText("قانون تازه");
  await expect.poll(async () => (await storedNode(token, projectId, rule.id))?.data.label).toBe("قانون تازه");

  // A panel with nothing edited closes without a question.
  await node(page, tone.id).click();
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(prompt(page)).toHaveCount(0);
});

test("deleting a node with edges asks; «don't ask again» holds until the page is reloaded", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "حذف با پرسش");
  const helper = await createNodeVia(token, projectId, "assistant", "پشتیبان", { x: 0, y: 0 });
  const docs = await createNodeVia(token, projectId, "vectorstore", "اسناد", { x: 420, y: 0 });
  const second = await createNodeVia(token, projectId, "assistant", "فروش", { x: 0, y: 300 });
  const files = await createNodeVia(token, projectId, "vectorstore", "کاتالوگ", { x: 420, y: 300 });
  const third = await createNodeVia(token, projectId, "assistant", "پیگیری", { x: 0, y: 600 });
  const tone = await createNodeVia(token, projectId, "instruction", "لحن", { x: 420, y: 600 });
  await createEdgeVia(token, projectId, docs, helper);
  await createEdgeVia(token, projectId, files, second);
  await createEdgeVia(token, projectId, third, tone);
  await openCanvas(page, projectId);
  await expect(page.locator(".react-flow__edge")).toHaveCount(3);

  // Asked, with the edge counted; cancel keeps everything.
  await deleteFromMenu(page, helper.id);
  await expect(deleteDialog(page)).toContainText(fa.canvas.confirmDelete.text(["پشتیبان"], 1));
  await snapshot(page, "canvas-safety-delete-question");
  await deleteDialog(page).getByRole("button", { name: fa.canvas.cancel }).click();
  await expect(deleteDialog(page)).toHaveCount(0);
  await expect(node(page, helper.id)).toBeVisible();
  expect(await projectEdges(token, projectId)).toHaveLength(3);

  // Confirmed with «don't ask again»: the node and its edge are gone.
  await deleteFromMenu(page, helper.id);
  await deleteDialog(page).getByLabel(fa.canvas.confirmDelete.dontAskAgain).check();
  await deleteDialog(page).getByRole("button", { name: fa.canvas.confirmDelete.confirm }).click();
  await expect(node(page, helper.id)).toHaveCount(0);
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  await expect.poll(async () => (await projectNodes(token, projectId)).map((n) => n.id)).not.toContain(helper.id);

  // Not asked again on this page: the next node with an edge goes at once (from the panel's delete too).
  await node(page, second.id).click();
  await panel(page).getByRole("button", { name: fa.canvas.delete }).click();
  await expect(node(page, second.id)).toHaveCount(0);
  await expect(deleteDialog(page)).toHaveCount(0);
  await expect(page.locator(".react-flow__edge")).toHaveCount(1);

  // A reload forgets it: asked again.
  await reloadCanvas(page);
  await deleteFromMenu(page, third.id);
  await expect(deleteDialog(page)).toContainText(fa.canvas.confirmDelete.text(["پیگیری"], 1));
  await deleteDialog(page).getByRole("button", { name: fa.canvas.confirmDelete.confirm }).click();
  await expect(node(page, third.id)).toHaveCount(0);
  await expect.poll(async () => (await projectEdges(token, projectId)).length).toBe(0);

  // A lone node without edges goes without a question.
  await deleteFromMenu(page, files.id);
  await expect(node(page, files.id)).toHaveCount(0);
  await expect(deleteDialog(page)).toHaveCount(0);
});

test("a card says what its node waits for, its panel says what to do next, a refused connection what is allowed", async ({ page }) => {
  const { token, projectId } = await signedInWithProject(page, "وضعیت راستین");
  // A model the language-model service does not have: the assistant is not registered.
  const stuck = await createNodeVia(token, projectId, "assistant", "بی‌مدل", { x: 0, y: 0 }, { model: "no-such-model" });
  const ready = await createNodeVia(token, projectId, "assistant", "پشتیبان", { x: 0, y: 320 });
  const reminder = await createNodeVia(token, projectId, "trigger", "یادآور", { x: 420, y: 0 }, { message_template: "گزارش امروز" });
  const docs = await createNodeVia(token, projectId, "vectorstore", "اسناد", { x: 420, y: 320 });
  await openCanvas(page, projectId);

  await expect(statusOf(node(page, stuck.id))).toHaveAttribute("data-readiness", "waiting_model");
  await expect(statusOf(node(page, stuck.id))).toHaveText(fa.canvas.readiness.waiting_model);
  await expect(statusOf(node(page, ready.id))).toHaveText(fa.canvas.readiness.ready);
  await expect(statusOf(node(page, reminder.id))).toHaveText(fa.canvas.readiness.waiting_assistant);
  await expect(statusOf(node(page, docs.id))).toHaveText(fa.canvas.readiness.ready);

  await node(page, stuck.id).click();
  await expect(page.getByTestId("panel-next-step")).toContainText(fa.canvas.nextStep.retry_registration);
  await snapshot(page, "canvas-safety-honest-state");
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await node(page, reminder.id).click();
  await expect(page.getByTestId("panel-next-step")).toContainText(fa.canvas.nextStep.connect_assistant);
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await node(page, ready.id).click();
  await expect(page.getByTestId("panel-next-step"), "a ready node has no next step").toHaveCount(0);
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();

  // The trigger joined to the assistant no longer waits for one (it is off until switched on).
  await createEdgeVia(token, projectId, reminder, ready);
  await reloadCanvas(page);
  await expect(statusOf(node(page, reminder.id))).toHaveText(fa.canvas.readiness.inactive);

  // A bot saved with its token but not connected to Telegram hears nothing: it says so until connected.
  const fake = await newBot("honest_bot");
  const bot = await createNodeVia(token, projectId, "telegram", "ربات فروش", { x: 840, y: 0 }, {
    bot_token: fake.token,
    bot_username: fake.username,
  });
  await createEdgeVia(token, projectId, ready, bot);
  await reloadCanvas(page);
  await expect(statusOf(node(page, bot.id))).toHaveText(fa.canvas.readiness.not_connected);
  await node(page, bot.id).click();
  await expect(page.getByTestId("panel-next-step")).toContainText(fa.canvas.nextStep.connect_bot);
  await page.getByTestId("telegram-connect").click();
  await expect(page.getByTestId("telegram-connection-done")).toHaveText(fa.nodes.telegram.connection.connected);
  await page.getByRole("button", { name: fa.canvas.panel.close }).click();
  await expect(statusOf(node(page, bot.id))).toHaveText(fa.canvas.readiness.ready);

  // A trigger may not feed a vector store: the message says what a trigger connects to.
  await connect(page, reminder.id, docs.id);
  const allowed = fa.canvas.refusal.allowed(label("trigger"), allowedTargets("trigger").map(label));
  await expect(notification(page, allowed)).toBeVisible();
  expect(await projectEdges(token, projectId), "the trigger's and the bot's, nothing more").toHaveLength(2);
  await expect(flowNode(page, docs.id)).toBeVisible();
});
