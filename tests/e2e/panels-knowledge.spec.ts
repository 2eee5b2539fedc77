// The settings panels and cards of the assistant, knowledge and function
// kinds: each is added from the palette, edited in its panel, saved, and
// still holds its values after a reload. Also: a function name the rules
// refuse, a file uploaded to a file database, and the test frame's chat.
import {
  defaultNodeData,
  edgeKind,
  kinds,
  newEdgeData,
  nodePayload,
  validateFunctionName,
  type CanvasNode,
  type CreationStatus,
  type NodeKind,
} from "@dastyar/rules";
import type { Locator } from "@playwright/test";
import { createProject, newAccount, register, type Account } from "./api.ts";
import { expect, serverUrl, test, type Page } from "./fixtures.ts";
import { fa, signIn } from "./ui.ts";

const LABELS = new Map(kinds().map((k) => [k.kind, k.label]));
const words = fa.nodes;

type Scene = { account: Account; token: string; projectId: number };

/** A new account with an empty project. */
async function newProject(): Promise<Scene> {
  const account = newAccount();
  const { token } = await register(account);
  const project = await createProject(token, "پروژهٔ دانش");
  return { account, token, projectId: project.id };
}

async function openCanvas(page: Page, scene: Scene): Promise<void> {
  await signIn(page, scene.account);
  await page.goto(`/projects/${scene.projectId}`);
  await expect(page.getByTestId("flow-pane")).toBeVisible();
}

/** A new account with an empty project, its canvas open. */
async function openNewProject(page: Page): Promise<void> {
  await openCanvas(page, await newProject());
}

/** Calls the API as the scene's user (setting a scene, not what a spec is about). */
async function api<T>(scene: Scene, path: string, method: string, body: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const answer = await fetch(`${serverUrl()}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${scene.token}`, ...(isForm ? {} : { "Content-Type": "application/json" }) },
    body: isForm ? body : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

async function createVia(scene: Scene, kind: "filedb" | "vectorstore", name: string, x: number): Promise<CanvasNode> {
  const collection = kinds().find((k) => k.kind === kind)?.collection;
  return api(scene, `/${collection}`, "POST", {
    ...nodePayload(defaultNodeData(kind)),
    project_id: scene.projectId,
    name,
    position_x: x,
    position_y: 150,
  });
}

async function connectVia(scene: Scene, source: CanvasNode, target: CanvasNode): Promise<void> {
  const kind = edgeKind(source.type, target.type);
  if (!kind) throw new Error(`${source.type} cannot connect to ${target.type}`);
  const dbId = (node: CanvasNode) => Number(node.id.split("-").pop());
  await api(scene, "/edges", "POST", {
    project_id: scene.projectId,
    source_type: source.type,
    source_id: dbId(source),
    target_type: target.type,
    target_id: dbId(target),
    edge_data: { ...newEdgeData(kind, source.id, target.id), connectionStatus: "success" },
  });
}

function cardOf(page: Page, id: string): Locator {
  return page.getByTestId(`node-${id}`);
}

function statusOf(card: Locator): Locator {
  return card.getByTestId("node-status");
}

/**
 * Adds a node of `kind` from the palette and waits until it settles with
 * `status`; answers its canvas id (`kind-12`). The project holds no other
 * node of that kind.
 */
async function addNode(page: Page, kind: NodeKind, status: CreationStatus = "success"): Promise<string> {
  const label = LABELS.get(kind);
  if (!label) throw new Error(`no label for ${kind}`);
  await page.getByRole("button", { name: fa.canvas.addNamed(label), exact: true }).click();
  const card = page.locator(`article[data-kind="${kind}"]`);
  await expect(card).toHaveCount(1);
  // Assistants are finished by a job polled every two seconds.
  await expect(statusOf(card)).toHaveAttribute("data-status", status, { timeout: 30_000 });
  const testId = await card.getAttribute("data-testid");
  const id = testId?.slice("node-".length) ?? "";
  if (kind !== "testframe") expect(id).toMatch(new RegExp(`^${kind}-\\d+$`));
  return id;
}

/** Clicks node `id` and answers its open settings panel. */
async function openPanel(page: Page, id: string): Promise<Locator> {
  await cardOf(page, id).locator("header").click();
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel(fa.canvas.panel.label, { exact: true })).toBeVisible();
  return panel;
}

/** Saves the open panel; waits for the server's answer and the node's settled status. */
async function save(page: Page, id: string, status: CreationStatus = "success"): Promise<void> {
  const panel = page.getByTestId("settings-panel");
  const answered = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/api/"));
  await panel.getByTestId("panel-save").click();
  expect((await answered).ok()).toBe(true);
  await expect(statusOf(cardOf(page, id))).toHaveAttribute("data-status", status);
  await expect(panel.getByTestId("panel-save")).toBeEnabled();
}

async function reopenAfterReload(page: Page, id: string): Promise<Locator> {
  await page.reload();
  await expect(page.getByTestId("flow-pane")).toBeVisible();
  await expect(cardOf(page, id)).toBeVisible();
  return openPanel(page, id);
}

function field(panel: Locator, name: string): Locator {
  return panel.locator(`[name="${name}"]`);
}

test("assistant: model and instructions are saved; the provider facts are shown", async ({ page }) => {
  await openNewProject(page);
  const id = await addNode(page, "assistant");
  const card = cardOf(page, id);
  await expect(card.getByTestId("node-model")).toHaveText(words.assistant.card.model("gpt-4.1-nano"));
  await expect(card).toContainText(words.assistant.card.vectorStore(false));
  await expect(card).toContainText(words.assistant.card.functions(false));

  let panel = await openPanel(page, id);
  await expect(field(panel, "model")).toHaveValue("gpt-4.1-nano");
  await expect(panel.getByLabel(words.assistant.model, { exact: true })).toBeVisible();
  await expect(panel.locator('[data-fact="vector_store_id"]')).toContainText(words.assistant.none);
  await expect(panel.locator('[data-fact="hasFunctions"]')).toContainText(words.assistant.no);
  // The provider's list (the fake model's) is offered.
  await panel.getByLabel(words.assistant.model, { exact: true }).selectOption("gpt-4.1-mini");
  await panel.getByLabel(words.assistant.instructions, { exact: true }).fill("You answer customers of a bakery, briefly.");
  await save(page, id);
  await expect(card.getByTestId("node-model")).toHaveText(words.assistant.card.model("gpt-4.1-mini"));

  panel = await reopenAfterReload(page, id);
  await expect(field(panel, "model")).toHaveValue("gpt-4.1-mini");
  await expect(field(panel, "instructions")).toHaveValue("You answer customers of a bakery, briefly.");
  // Registered with the test server's provider (the fake model): it has an id.
  await expect(panel.locator('[data-fact="assistant_id"]')).toContainText("asst_");
});

test("analyzer: model and analysis instructions are saved", async ({ page }) => {
  await openNewProject(page);
  const id = await addNode(page, "analyzer");
  await expect(cardOf(page, id).getByTestId("node-model")).toHaveText(words.analyzer.card.model("gpt-4o"));
  let panel = await openPanel(page, id);
  await expect(field(panel, "model")).toHaveValue("gpt-4o");
  await panel.getByLabel(words.analyzer.model, { exact: true }).selectOption("gpt-4.1");
  await panel.getByLabel(words.analyzer.instructions, { exact: true }).fill("Report the customer's intent in Persian.");
  await save(page, id);

  panel = await reopenAfterReload(page, id);
  await expect(field(panel, "model")).toHaveValue("gpt-4.1");
  await expect(field(panel, "instructions")).toHaveValue("Report the customer's intent in Persian.");
  await expect(cardOf(page, id).getByTestId("node-model")).toHaveText(words.analyzer.card.model("gpt-4.1"));
});

test("instruction: its text is saved and the card shows its first line", async ({ page }) => {
  await openNewProject(page);
  const id = await addNode(page, "instruction");
  await expect(cardOf(page, id).getByTestId("node-summary")).toHaveText(words.instruction.card.empty);
  let panel = await openPanel(page, id);
  await panel.getByLabel(words.instruction.content).fill("\nهمیشه مؤدب باش.\nقیمت‌ها را به تومان بگو.");
  await save(page, id);
  await expect(cardOf(page, id).getByTestId("node-summary")).toHaveText("همیشه مؤدب باش.");

  panel = await reopenAfterReload(page, id);
  await expect(field(panel, "content")).toHaveValue("\nهمیشه مؤدب باش.\nقیمت‌ها را به تومان بگو.");
  await expect(cardOf(page, id).getByTestId("node-summary")).toHaveText("همیشه مؤدب باش.");
});

test("vector store: its name is saved; its provider id and sources are shown", async ({ page }) => {
  await openNewProject(page);
  const id = await addNode(page, "vectorstore");
  await expect(cardOf(page, id).getByTestId("node-file-count")).toHaveText(words.vectorstore.card.noSources);
  let panel = await openPanel(page, id);
  await expect(panel.getByText(words.vectorstore.noSources)).toBeVisible();
  await expect(panel.locator('[data-fact="vector_store_id"]')).toBeVisible();
  await panel.getByLabel(fa.canvas.panel.label, { exact: true }).fill("دانش فروش");
  await save(page, id);

  panel = await reopenAfterReload(page, id);
  await expect(panel.getByLabel(fa.canvas.panel.label, { exact: true })).toHaveValue("دانش فروش");
  await expect(cardOf(page, id).locator("h3")).toHaveText("دانش فروش");
});

test("vector store: the files of a connected file database are counted and listed", async ({ page }) => {
  const scene = await newProject();
  const store = await createVia(scene, "vectorstore", "دانش", 600);
  const db = await createVia(scene, "filedb", "اسناد", 100);
  for (const name of ["a.txt", "b.txt"]) {
    const form = new FormData();
    form.append("node_id", String(Number(db.id.split("-").pop())));
    form.append("file", new Blob([Buffer.alloc(300, "x")], { type: "text/plain" }), name);
    await api(scene, "/playground/filedb/upload", "POST", form);
  }
  await connectVia(scene, db, store);

  await openCanvas(page, scene);
  await expect(cardOf(page, store.id).getByTestId("node-file-count")).toHaveText(words.vectorstore.card.files(2));
  await expect(cardOf(page, db.id).getByTestId("node-file-count")).toHaveText(words.filedb.files.card(2));
  const panel = await openPanel(page, store.id);
  const source = panel.getByTestId("vector-source");
  await expect(source).toHaveCount(1);
  await expect(source).toHaveAttribute("data-source", db.id);
  await expect(source.locator("h4")).toHaveText("اسناد");
  await expect(source.getByTestId("file-entry")).toHaveText([/a\.txt/, /b\.txt/]);
  await expect(source.getByTestId("file-entry").first()).toContainText(words.filedb.files.size(300, "B"));
});

test("file database: an uploaded file is listed after a reload, downloads, and can be deleted", async ({ page }) => {
  await openNewProject(page);
  const id = await addNode(page, "filedb");
  const list = words.filedb.files;
  await expect(cardOf(page, id).getByTestId("node-file-count")).toHaveText(list.card(0));
  let panel = await openPanel(page, id);
  await expect(panel.getByText(list.empty)).toBeVisible();
  await panel.getByLabel(fa.canvas.panel.label, { exact: true }).fill("اسناد فروشگاه");
  await save(page, id);

  const bytes = Buffer.alloc(2048, "a");
  await panel.getByLabel(list.choose).setInputFiles({ name: "price-list.txt", mimeType: "text/plain", buffer: bytes });
  await expect(panel.getByTestId("files-status")).toHaveText(list.uploaded("price-list.txt"));
  const entry = panel.getByTestId("file-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId("file-name")).toHaveText("price-list.txt");
  await expect(cardOf(page, id).getByTestId("node-file-count")).toHaveText(list.card(1));

  panel = await reopenAfterReload(page, id);
  await expect(panel.getByLabel(fa.canvas.panel.label, { exact: true })).toHaveValue("اسناد فروشگاه");
  const kept = panel.getByTestId("file-entry");
  await expect(kept).toHaveCount(1);
  await expect(kept.getByTestId("file-name")).toHaveText("price-list.txt");
  await expect(kept.getByTestId("file-size")).toHaveText(list.size(2, "KB"));
  // A Jalali date in Persian digits.
  await expect(kept.getByTestId("file-date")).toHaveText(/[\u06F0-\u06F9]{4}/);
  await expect(kept.getByTestId("file-date")).not.toHaveText(/[0-9]/);
  await expect(cardOf(page, id).getByTestId("node-file-count")).toHaveText(list.card(1));

  const downloading = page.waitForEvent("download");
  await panel.getByRole("button", { name: list.downloadNamed("price-list.txt") }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("price-list.txt");

  await panel.getByRole("button", { name: list.removeNamed("price-list.txt") }).click();
  await expect(panel.getByTestId("file-entry")).toHaveCount(0);
  await expect(cardOf(page, id).getByTestId("node-file-count")).toHaveText(list.card(0));
  panel = await reopenAfterReload(page, id);
  await expect(panel.getByText(list.empty)).toBeVisible();
});

test("file repository: its name is saved and its file list is shown", async ({ page }) => {
  await openNewProject(page);
  const id = await addNode(page, "filerepository");
  let panel = await openPanel(page, id);
  await expect(panel.getByText(words.filerepository.files.empty)).toBeVisible();
  await panel.getByLabel(fa.canvas.panel.label, { exact: true }).fill("مخزن کاتالوگ");
  await save(page, id);

  panel = await reopenAfterReload(page, id);
  await expect(panel.getByLabel(fa.canvas.panel.label, { exact: true })).toHaveValue("مخزن کاتالوگ");
  await expect(cardOf(page, id).getByTestId("node-file-count")).toHaveText(words.filerepository.files.card(0));
});

test("google document: id and name are saved; authorization is explained, not faked", async ({ page }) => {
  await openNewProject(page);
  const id = await addNode(page, "googledoc");
  await expect(cardOf(page, id).getByTestId("node-auth")).toHaveText(words.googledoc.notAuthorized);
  let panel = await openPanel(page, id);
  await expect(panel.locator('[data-fact="auth_status"]')).toContainText(words.googledoc.pendingNote);
  await panel.getByLabel(words.googledoc.docId).fill("1AbC-dEf_123");
  await panel.getByLabel(words.googledoc.docName).fill("فهرست قیمت");
  await save(page, id);
  await expect(cardOf(page, id).getByTestId("node-summary")).toHaveText("فهرست قیمت");

  panel = await reopenAfterReload(page, id);
  await expect(field(panel, "doc_id")).toHaveValue("1AbC-dEf_123");
  await expect(field(panel, "doc_name")).toHaveValue("فهرست قیمت");
  await expect(cardOf(page, id).getByTestId("node-auth")).toHaveText(words.googledoc.notAuthorized);
});

test("google sheet: id and name are saved", async ({ page }) => {
  await openNewProject(page);
  const id = await addNode(page, "googlesheet");
  let panel = await openPanel(page, id);
  await expect(panel.locator('[data-fact="auth_status"]')).toContainText(words.googlesheet.pending);
  await panel.getByLabel(words.googlesheet.sheetId).fill("9ZyX-sheet");
  await panel.getByLabel(words.googlesheet.sheetName).fill("موجودی انبار");
  await save(page, id);

  panel = await reopenAfterReload(page, id);
  await expect(field(panel, "sheet_id")).toHaveValue("9ZyX-sheet");
  await expect(field(panel, "sheet_name")).toHaveValue("موجودی انبار");
  await expect(cardOf(page, id).getByTestId("node-summary")).toHaveText("موجودی انبار");
});

test("function: name, description and parameters are saved; a bad name blocks saving", async ({ page }) => {
  await openNewProject(page);
  const id = await addNode(page, "function", "pending_assistant");
  const card = cardOf(page, id);
  await expect(card.getByTestId("node-parameter-count")).toHaveText(words.function.card.parameters(0));
  let panel = await openPanel(page, id);
  const save_ = panel.getByTestId("panel-save");

  // A name with a space is not a tool name: the rules' message, and no saving.
  const refused = validateFunctionName("get weather");
  if (refused.ok) throw new Error("the rules accept a name with a space");
  await panel.getByLabel(words.function.functionName).fill("get weather");
  await expect(panel.getByText(refused.error.message)).toBeVisible();
  await expect(field(panel, "functionName")).toHaveAttribute("aria-invalid", "true");
  await expect(save_).toBeDisabled();

  await panel.getByLabel(words.function.functionName).fill("get_weather");
  await expect(panel.getByText(refused.error.message)).toHaveCount(0);
  await panel.getByLabel(words.function.functionDescription).fill("Today's weather for a city.");
  // No parameters yet: the rules say what connecting will need.
  await expect(panel.getByTestId("parameters-error")).toBeVisible();
  await panel.getByRole("button", { name: words.function.addParameter }).click();
  await field(panel, "parameters.0.name").fill("city");
  await field(panel, "parameters.0.description").fill("City name");
  await panel.locator('[name="parameters.0.required"]').check();
  await panel.getByRole("button", { name: words.function.addParameter }).click();
  await field(panel, "parameters.1.name").fill("days");
  await field(panel, "parameters.1.type").selectOption("integer");
  await expect(panel.getByTestId("parameters-error")).toHaveCount(0);
  await save(page, id, "pending_assistant");
  await expect(card.getByTestId("node-function-name")).toHaveText("get_weather");
  await expect(card.getByTestId("node-parameter-count")).toHaveText(words.function.card.parameters(2));

  panel = await reopenAfterReload(page, id);
  await expect(field(panel, "functionName")).toHaveValue("get_weather");
  await expect(field(panel, "functionDescription")).toHaveValue("Today's weather for a city.");
  await expect(panel.getByTestId("parameter-row")).toHaveCount(2);
  const rows = new Map<string, { type: string; required: boolean; description: string }>();
  for (const i of [0, 1]) {
    rows.set(await field(panel, `parameters.${i}.name`).inputValue(), {
      type: await field(panel, `parameters.${i}.type`).inputValue(),
      required: await panel.locator(`[name="parameters.${i}.required"]`).isChecked(),
      description: await field(panel, `parameters.${i}.description`).inputValue(),
    });
  }
  expect(Object.fromEntries(rows)).toEqual({
    city: { type: "string", required: true, description: "City name" },
    days: { type: "integer", required: false, description: "" },
  });
  // The JSON view holds the same schema.
  await panel.getByText(words.function.json).click();
  const schema = JSON.parse(await field(panel, "parameters").inputValue());
  expect(schema).toEqual({
    type: "object",
    properties: { city: { type: "string", description: "City name" }, days: { type: "integer" } },
    required: ["city"],
  });
});

test("test frame: picks a saved assistant and chats with it", async ({ page }) => {
  await openNewProject(page);
  const assistantId = await addNode(page, "assistant");
  const frameId = await addNode(page, "testframe");
  // A new test frame opens its panel at once.
  const panel = page.getByTestId("settings-panel");
  await expect(panel).toHaveAttribute("data-kind", "testframe");
  await expect(cardOf(page, frameId).getByTestId("node-summary")).toHaveText(words.testframe.card.noAssistant);
  await expect(panel.getByTestId("testframe-note")).toHaveText(words.testframe.pickAssistantFirst);
  await panel.getByLabel(words.testframe.assistant, { exact: true }).selectOption(assistantId);
  await panel.getByTestId("panel-save").click();
  await expect(cardOf(page, frameId).getByTestId("node-summary")).toHaveText(
    words.testframe.card.talksTo(LABELS.get("assistant")!),
  );
  await expect(panel.getByTestId("testframe-send")).toBeDisabled();
  await panel.getByTestId("testframe-input").fill("سلام");
  await panel.getByTestId("testframe-input").press("Enter");
  // The fake model echoes what it is told.
  await expect(panel.getByTestId("testframe-message-assistant")).toHaveText(/پاسخ: سلام/);
  await expect(panel.getByTestId("testframe-message-user")).toContainText("سلام");
  await expect(panel.getByTestId("testframe-balance")).toBeVisible();
});
