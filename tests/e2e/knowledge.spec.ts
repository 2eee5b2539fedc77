// Knowledge end to end (#14): a Persian PDF uploaded to a file database joined
// to a vector store joined to an assistant is read by the server's job (its
// state in the panel goes to ready), found by the vector store's search, and
// cited under the test frame's answer when the model searches it — asked with
// the Arabic spellings people type (ي, ك), which the search folds into Persian.
// The website widget shows the same source under its answer, as it streams
// and from the visitor's history.
import { edgeKind, kinds, type CanvasNode } from "@dastyar/rules";
import { expect as expectValue } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createProject, newAccount, register } from "./api.ts";
import { createEdgeVia, createNodeVia, registerFrameVia } from "./canvas-api.ts";
import { chatText } from "../../web/widget/i18n.ts";
import { addButton, node, openCanvas } from "./canvas-ui.ts";
import { expect, serverUrl, test, type Page } from "./fixtures.ts";
import { REPO } from "./paths.ts";
import { fa, signIn } from "./ui.ts";
import { script } from "./fake-model.ts";

const PDF = readFileSync(join(REPO, "server/tests/fixtures/knowledge/persian.pdf"));
const NAME = "قیمت‌ها.pdf";
const words = fa.nodes;


/** Joins two nodes in whichever direction the connection rules allow. */
async function join2(token: string, projectId: number, a: CanvasNode, b: CanvasNode): Promise<void> {
  if (edgeKind(a.type, b.type)) await createEdgeVia(token, projectId, a, b);
  else await createEdgeVia(token, projectId, b, a);
}

async function panelOf(page: Page, id: string) {
  await node(page, id).locator("header").click();
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toBeVisible();
  return panel;
}

test("a Persian PDF is read, searched with Arabic spellings, and cited under the answer", async ({ page }) => {
  const account = newAccount("نرگس");
  const { token } = await register(account);
  const projectId = (await createProject(token, "دانش فروشگاه")).id;
  const db = await createNodeVia(token, projectId, "filedb", "اسناد", { x: 900, y: 150 });
  const store = await createNodeVia(token, projectId, "vectorstore", "دانش", { x: 450, y: 150 });
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار فروش", { x: 0, y: 150 });
  await join2(token, projectId, db, store);
  await join2(token, projectId, store, assistant);

  await signIn(page, account);
  await openCanvas(page, projectId);

  // 1. The upload, then the reading: the panel polls until the file is ready.
  let panel = await panelOf(page, db.id);
  await panel.getByLabel(words.filedb.files.choose).setInputFiles({ name: NAME, mimeType: "application/pdf", buffer: PDF });
  await expect(panel.getByTestId("files-status")).toHaveText(words.filedb.files.uploaded(NAME));
  const state = panel.getByTestId("file-entry").filter({ hasText: NAME }).getByTestId("document-state");
  await expect(state).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  // Pages and chunks in Persian digits.
  await expect(state).toHaveText(/^[^0-9]*[۰-۹]+[^0-9]*$/);

  // 2. The vector store lists it as ready and finds it for a question typed with ي and ك.
  await panel.getByRole("button", { name: fa.canvas.panel.close }).click();
  panel = await panelOf(page, store.id);
  const document = panel.getByTestId("file-entry").filter({ hasText: NAME });
  await expect(document).toHaveCount(1);
  await expect(document.getByTestId("document-state")).toHaveAttribute("data-state", "ready");
  const search = panel.getByTestId("knowledge-search");
  await search.getByLabel(fa.knowledge.search.query).fill("قيمت اشتراك ماهانه");
  await search.getByTestId("knowledge-search-submit").click();
  const first = search.getByTestId("knowledge-passage").first();
  await expect(first.getByTestId("passage-source")).toHaveText(`${NAME}، صفحهٔ ۱`);
  await expect(first).toContainText("۲۵۰");
  // An empty question, sent with Enter: the server's Persian refusal on the field, the panel still open.
  await search.getByLabel(fa.knowledge.search.query).fill("   ");
  await search.getByLabel(fa.knowledge.search.query).press("Enter");
  await expect(search.getByRole("alert")).toHaveText(/[\u0600-\u06FF]/);
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: fa.canvas.panel.close }).click();

  // 3. The test frame: the model searches the file, and the answer shows it as its source.
  await addButton(page, kinds().find((k) => k.kind === "testframe")!.label).click();
  panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "testframe");
  await panel.getByLabel(words.testframe.assistant, { exact: true }).selectOption(assistant.id);
  await script([
    { tool_calls: [{ name: "file_search", arguments: { query: "قيمت اشتراك ماهانه" } }] },
    { text: "قیمت اشتراک ماهانه ۲۵۰ هزار تومان است." },
  ]);
  const input = panel.getByTestId("testframe-input");
  await input.fill("قيمت اشتراك ماهانه چقدر است؟");
  await input.press("Enter");
  const answer = panel.getByTestId("testframe-log").getByTestId("testframe-message-assistant").last();
  await expect(answer).toContainText("۲۵۰ هزار تومان");
  await expect(answer.getByTestId("testframe-sources")).toHaveText(`منابع: ${NAME}، صفحهٔ ۱`);
  await expect(panel.getByTestId("testframe-send")).toHaveText(words.testframe.send);

  // The answer keeps its source when the conversation is read back.
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${serverUrl()}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expectValue(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const [conversation] = await get<{ id: number }[]>(`/playground/assistants/${assistant.database_id}/conversations`);
  const stored = await get<{ messages: { role: string; sources: { name: string; from: unknown }[] }[] }>(
    `/playground/conversations/${conversation!.id}`,
  );
  const last = stored.messages.filter((m) => m.role === "assistant").at(-1);
  expectValue(last?.sources.map((s) => [s.name, s.from])).toEqual([[NAME, { kind: "page", page: 1 }]]);
});

/** Waits until every document behind knowledge node `id` is read, through the API. */
async function readyVia(token: string, id: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await fetch(`${serverUrl()}/api/knowledge/${id}`, { headers: { Authorization: `Bearer ${token}` } });
        const status = (await response.json()) as { ready: number; processing: number; failed: number };
        return status.ready > 0 && status.processing === 0 && status.failed === 0;
      },
      { timeout: 30_000, message: "the file read" },
    )
    .toBe(true);
}

test("the website widget shows the file an answer drew on, as it streams and from the history", async ({ page }) => {
  const { token } = await register(newAccount("نرگس"));
  const projectId = (await createProject(token, "دانش سایت")).id;
  const db = await createNodeVia(token, projectId, "filedb", "اسناد", { x: 900, y: 150 });
  const store = await createNodeVia(token, projectId, "vectorstore", "دانش", { x: 450, y: 150 });
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار سایت", { x: 0, y: 150 });
  const iframe = await createNodeVia(token, projectId, "iframe", "گفتگوی سایت", { x: -450, y: 150 });
  await join2(token, projectId, db, store);
  await join2(token, projectId, store, assistant);
  const form = new FormData();
  form.append("node_id", String(db.database_id));
  form.append("file", new Blob([PDF], { type: "application/pdf" }), NAME);
  const uploaded = await fetch(`${serverUrl()}/api/playground/filedb/upload`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expectValue(uploaded.status).toBe(201);
  await readyVia(token, store.database_id);
  const frame = await registerFrameVia(token, {
    node_id: iframe.database_id,
    company_name: "فروشگاه نمونه",
    authorized_domains: ["shop.example"],
    appearance: { title: "پشتیبانی", welcome: "سلام!", color: "#0ea5e9", position: "bottom-left", theme: "light" },
  });
  await createEdgeVia(token, projectId, assistant, iframe);
  const key = frame.public_key!;

  // The session the loader would ask for on the listed site; the chat page then opens on its own.
  const opened = await fetch(`${serverUrl()}/api/widget/${key}/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://shop.example" },
    body: "{}",
  });
  expectValue(opened.status).toBe(200);
  const session = (await opened.json()) as { token: string; visitor: string };
  const embed = `/embed/${key}#token=${encodeURIComponent(session.token)}&visitor=${session.visitor}`;
  await page.goto(embed);
  const log = page.getByRole("log", { name: chatText.messages });
  await expect(log.locator(".dc-bot").first()).toContainText("سلام!");

  await script([
    { tool_calls: [{ name: "file_search", arguments: { query: "قيمت اشتراك ماهانه" } }] },
    { text: "قیمت اشتراک ماهانه ۲۵۰ هزار تومان است." },
  ]);
  await page.getByRole("textbox", { name: chatText.input }).fill("قيمت اشتراك ماهانه چقدر است؟");
  await page.getByRole("button", { name: chatText.send }).click();
  const answer = log.locator(".dc-bot").last();
  await expect(answer).toContainText("۲۵۰ هزار تومان");
  await expect(answer).toHaveAttribute("aria-busy", "false");
  await expect(answer.locator(".dc-src")).toHaveText(`منابع: ${NAME}، صفحهٔ ۱`);

  // Again from the visitor's history.
  await page.goto("about:blank");
  await page.goto(embed);
  await expect(log.locator(".dc-bot")).toHaveCount(2);
  await expect(log.locator(".dc-bot").last().locator(".dc-src")).toHaveText(`منابع: ${NAME}، صفحهٔ ۱`);
});
