// An assistant that answers: a new user's project with an assistant, an
// instruction, a function (drafted by the model in its panel), an API
// definition and a request; the connections drawn on the canvas; then a chat
// in the test frame against the fake model (tests/fakes, scripted over its
// /_fake API): the answer streams in, the request tool runs on the server
// and its result is folded under the message, a function call is answered
// by hand, and the credit balance drops.
import { kinds } from "@dastyar/rules";
import { expect as expectValue } from "@playwright/test";
import { createProject, currentSubscriptionOf, newAccount, register } from "./api.ts";
import { createNodeVia } from "./canvas-api.ts";
import { addButton, connect, flowNode, node, openCanvas, statusOf } from "./canvas-ui.ts";
import { expect, test, type Page } from "./fixtures.ts";
import { formatNumber } from "../../web/src/format/number.ts";
import { fa, signIn } from "./ui.ts";
import { fakeControl, script } from "./fake-model.ts";

const words = fa.nodes;


async function release(): Promise<void> {
  await fetch(fakeControl("release"), { method: "POST" });
}

async function panelOf(page: Page, id: string) {
  await node(page, id).locator("header").click();
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toBeVisible();
  return panel;
}

test("a drawn assistant answers in the test frame with its tools, and spends credits", async ({ page }) => {
  const account = newAccount("سارا");
  const { token } = await register(account);
  const projectId = (await createProject(token, "فروشگاه")).id;
  const before = (await currentSubscriptionOf(token)).credit_balance;
  // Outputs are on the left of a card, inputs on the right: each source sits right of its target.
  const instruction = await createNodeVia(token, projectId, "instruction", "لحن", { x: 0, y: 0 }, {
    content: "همیشه کوتاه و مؤدبانه پاسخ بده.",
  });
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار فروش", { x: 450, y: 160 });
  const fn = await createNodeVia(token, projectId, "function", "order_status", { x: 900, y: 0 });
  const request = await createNodeVia(token, projectId, "request", "مدل‌ها", { x: 900, y: 400 }, {
    method: "GET",
    endpoint: "/models/{{model}}",
  });
  // The request calls the fake model's own API, on this machine (the test server allows private addresses).
  const definition = await createNodeVia(token, projectId, "apidefinition", "API مدل‌ها", { x: 1350, y: 400 }, {
    base_url: process.env.DASTYAR_E2E_FAKE_OPENAI,
  });
  expectValue(assistant.data).toMatchObject({ provider_status: "registered" });

  await signIn(page, account);
  await openCanvas(page, projectId);
  await expect(statusOf(node(page, assistant.id))).toHaveAttribute("data-status", "success");

  // The function, drafted by the model from a sentence, then saved.
  const definitionJson = {
    name: "get_order_status",
    description: "وضعیت یک سفارش را با شماره‌اش می‌دهد.",
    parameters: {
      type: "object",
      properties: { order_id: { type: "string", description: "شمارهٔ سفارش" } },
      required: ["order_id"],
    },
  };
  await script([{ text: JSON.stringify(definitionJson) }]);
  let panel = await panelOf(page, fn.id);
  await panel.getByTestId("function-generate-input").fill("تابعی که وضعیت سفارش را با شمارهٔ آن بگیرد");
  await panel.getByTestId("function-generate").click();
  await expect(panel.locator('[name="functionName"]')).toHaveValue("get_order_status");
  await panel.getByTestId("panel-save").click();
  await expect(panel.getByTestId("panel-save")).toBeEnabled();
  // The panel closed, the whole canvas is in view to draw on.
  await panel.getByRole("button", { name: fa.canvas.panel.close }).click();
  await expect(panel).toHaveCount(0);

  // The connections, drawn: instruction and function to the assistant, the API to its request, the request to the assistant.
  for (const [source, target] of [
    [assistant.id, instruction.id],
    [fn.id, assistant.id],
    [definition.id, request.id],
    [request.id, assistant.id],
  ] as const) {
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/edges" && r.request().method() === "POST");
    await connect(page, source, target);
    expectValue((await saved).status(), `${source} → ${target}`).toBe(201);
  }
  await expect(page.locator(".react-flow__edge")).toHaveCount(4);

  // The assistant's panel says what it can do now.
  panel = await panelOf(page, assistant.id);
  await expect(panel).toContainText("get_order_status");

  // A test frame talking to the assistant.
  await addButton(page, kinds().find((k) => k.kind === "testframe")!.label).click();
  panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "testframe");
  await panel.getByLabel(words.testframe.assistant, { exact: true }).selectOption(assistant.id);
  const input = panel.getByTestId("testframe-input");
  const log = panel.getByTestId("testframe-log");
  // The answer has finished streaming: its cost is shown and the button is back.
  const answered = () => expect(panel.getByTestId("testframe-send")).toHaveText(words.testframe.send);

  // 1. The answer streams in: the first words show while the model is held mid-answer.
  await script([{ gated_text: "سلام! من دستیار فروش هستم و کمکتان می‌کنم.", pause_after_words: 2 }]);
  await input.fill("سلام، شما کی هستید؟");
  await input.press("Enter");
  const first = log.getByTestId("testframe-message-assistant").first();
  await expect(first).toContainText("سلام! من");
  await expect(first).not.toContainText("کمکتان");
  await expect(panel.getByTestId("testframe-send")).toHaveText(words.testframe.sending);
  await release();
  await expect(first).toContainText("سلام! من دستیار فروش هستم و کمکتان می‌کنم.");
  await answered();

  // 2. The request tool: the server calls the API and the model reads the result.
  const requestTool = `request_${request.database_id}`;
  await script([{ tool_calls: [{ name: requestTool, arguments: { model: "gpt-4o" } }] }]);
  await input.fill("مدل gpt-4o را بررسی کن");
  await input.press("Enter");
  const requestCall = log.getByTestId("testframe-toolcall").filter({ hasText: requestTool });
  await expect(requestCall).toBeVisible();
  await requestCall.locator("summary").click();
  await expect(requestCall.getByTestId("testframe-toolresult")).toContainText('"id": "gpt-4o"');
  await expect(log.getByTestId("testframe-message-assistant").last()).toContainText("نتیجهٔ ابزار");
  await answered();

  // 3. A function call waits for the person, who types its result.
  await script([{ tool_calls: [{ name: "get_order_status", arguments: { order_id: "۱۲۳" } }] }]);
  await input.fill("سفارش ۱۲۳ کجاست؟");
  await input.press("Enter");
  const result = panel.getByTestId("testframe-function-result");
  await expect(result).toBeVisible();
  await result.fill("ارسال شده؛ فردا می‌رسد");
  await panel.getByTestId("testframe-function-send").click();
  await expect(result).toHaveCount(0);
  await expect(log.getByTestId("testframe-message-assistant").last()).toContainText("ارسال شده؛ فردا می‌رسد");
  await answered();

  // 4. The credits: the balance shown is the server's, lower than before.
  const after = (await currentSubscriptionOf(token)).credit_balance;
  expectValue(after).toBeLessThan(before);
  await expect(panel.getByTestId("testframe-balance")).toContainText(formatNumber(after));
  await expect(flowNode(page, assistant.id)).toBeVisible();
});
