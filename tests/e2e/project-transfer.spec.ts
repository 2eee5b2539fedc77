// Export and import (issue #16 item 9): a project downloaded from its card and
// imported from that file is the same graph; a bad file is refused in Persian;
// the sample project on an empty page opens on the canvas.
import { message, type Transfer } from "@dastyar/rules";
import type { ImportedProject } from "@dastyar/api/ImportedProject";
import { readFile } from "node:fs/promises";
import { createProject, listProjects, newAccount, register } from "./api.ts";
import { createEdgeVia, createNodeVia } from "./canvas-api.ts";
import { expect, serverUrl, test } from "./fixtures.ts";
import { card, fa, notification, signIn } from "./ui.ts";

async function exported(token: string, projectId: number): Promise<Transfer> {
  const answer = await fetch(`${serverUrl()}/api/projects/${projectId}/export`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Transfer;
}

/** A file's graph without its ids: nodes by kind, label, data, position and parent's label; edges by labels. */
function graphOf(file: Transfer) {
  const label = (id: string) => file.nodes.find((n) => n.id === id)?.label;
  const nodes = file.nodes
    .map((n) => JSON.stringify({ kind: n.kind, label: n.label, data: n.data, position: n.position, parent: n.parent && label(n.parent) }))
    .sort();
  const edges = file.edges.map((e) => `${label(e.source)} → ${label(e.target)}`).sort();
  return { nodes, edges };
}

test("a project exported from its card and imported from that file is the same graph", async ({ page }) => {
  const account = newAccount();
  const { token } = await register(account);
  const project = await createProject(token, "پشتیبانی فروش");
  const box = await createNodeVia(token, project.id, "container", "گروه پشتیبانی", { x: 40, y: 60 }, { width: 560, height: 320 });
  const assistant = await createNodeVia(token, project.id, "assistant", "دستیار فروش", { x: 700, y: 80 });
  const fn = await createNodeVia(token, project.id, "function", "find_order", { x: 60, y: 80 }, {
    container_id: box.database_id,
    description: "یافتن سفارش",
    parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
  });
  const bot = await createNodeVia(token, project.id, "telegram", "ربات فروش", { x: 1000, y: 80 }, {
    bot_token: "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11",
    bot_username: "forosh_bot",
  });
  await createEdgeVia(token, project.id, fn, assistant);
  await createEdgeVia(token, project.id, assistant, bot);
  const before = await exported(token, project.id);

  await signIn(page, account);
  const download = page.waitForEvent("download");
  await card(page, "پشتیبانی فروش").getByRole("button", { name: fa.transfer.export }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("پشتیبانی فروش.dastyar.json");
  await expect(notification(page, fa.transfer.exported("پشتیبانی فروش"))).toBeVisible();
  const text = await readFile(await file.path(), "utf8");
  expect(text).not.toContain("ABC-DEF1234");
  const saved = JSON.parse(text) as Transfer;
  expect(saved.secretsRemoved).toEqual([{ node: bot.id, label: "ربات فروش", field: "bot_token" }]);

  const importing = page.waitForResponse((r) => r.url().endsWith("/api/projects/import"));
  await page.getByTestId("import-file").setInputFiles(await file.path());
  const answer = (await (await importing).json()) as ImportedProject;
  await expect(notification(page, fa.transfer.imported("پشتیبانی فروش"))).toBeVisible();

  // The bot's token was left out: the report asks for it again, and for the
  // connection that waits on it.
  const report = page.getByTestId("import-report");
  await expect(report.getByTestId("secrets-to-enter")).toHaveText(fa.transfer.secretLine("ربات فروش", "bot_token"));
  await expect(report.getByTestId("connections-to-draw")).toContainText(message("telegram_credentials_missing", {}));
  await report.getByRole("button", { name: fa.transfer.close }).click();
  await expect(report).toHaveCount(0);
  await expect(page.getByTestId("project-card")).toHaveCount(2);

  const after = await exported(token, answer.project.id);
  expect(after.name).toBe("پشتیبانی فروش");
  expect(graphOf(after).nodes).toEqual(graphOf(before).nodes);
  const drawnLater = answer.connections_to_draw.map((c) => `${c.source_label} → ${c.target_label}`);
  expect([...graphOf(after).edges, ...drawnLater].sort()).toEqual(graphOf(before).edges);

  // Opening the new project shows its nodes on the canvas.
  await page.goto(`/projects/${answer.project.id}`);
  await expect(page.getByTestId("flow-pane")).toBeVisible();
  await expect(page.getByTestId("flow-pane").getByText("دستیار فروش", { exact: true })).toBeVisible();
});

test("a bad file is refused in Persian and makes nothing", async ({ page }) => {
  const account = newAccount();
  const { token } = await register(account);
  await createProject(token, "تنها پروژه");
  await signIn(page, account);
  const input = page.getByTestId("import-file");

  const newer = { format: "dastyar.project", version: 5, name: "از آینده", nodes: [], edges: [] };
  await input.setInputFiles({ name: "newer.dastyar.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(newer)) });
  await expect(page.getByTestId("import-error")).toHaveText(
    message("transfer_version_newer", { version: "۵", supported: "۱" }),
  );

  await input.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from("{ not json") });
  await expect(page.getByTestId("import-error")).toHaveText(message("transfer_not_json", {}));

  // One the server refuses (a vector store cannot feed a bot) is refused whole.
  const rule = {
    format: "dastyar.project",
    version: 1,
    name: "قانون‌شکن",
    nodes: [
      { id: "v", kind: "vectorstore", label: "پایگاه دانش", data: {}, position: { x: 0, y: 0 } },
      { id: "t", kind: "telegram", label: "ربات", data: {}, position: { x: 300, y: 0 } },
    ],
    edges: [{ source: "v", target: "t" }],
  };
  await input.setInputFiles({ name: "rule.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(rule)) });
  await expect(page.getByTestId("import-error")).toContainText("اتصال «پایگاه دانش» به «ربات» از فایل پذیرفته نشد");

  await expect(page.getByTestId("project-card")).toHaveCount(1);
  expect((await listProjects(token)).map((p) => p.name)).toEqual(["تنها پروژه"]);
});

test("the sample project on an empty page opens on the canvas", async ({ page }) => {
  const account = newAccount();
  const { token } = await register(account);
  await signIn(page, account);
  await expect(page.getByText(fa.projects.empty)).toBeVisible();
  await page.getByRole("button", { name: fa.transfer.sample }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  const pane = page.getByTestId("flow-pane");
  await expect(pane).toBeVisible();
  for (const label of ["دستیار پشتیبانی", "track_order", "جست‌وجوی محصول"]) {
    await expect(pane.getByText(label, { exact: true }).first()).toBeVisible();
  }
  const [sample] = await listProjects(token);
  expect(sample.name).toBe("نمونه: پشتیبانی فروشگاه اینترنتی");
  const file = await exported(token, sample.id);
  expect(file.nodes).toHaveLength(6);
  expect(file.edges).toHaveLength(4);
});
