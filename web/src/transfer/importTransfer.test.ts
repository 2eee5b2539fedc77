// @vitest-environment happy-dom
import { message, newTransfer, parseTransfer } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorBody, failure, json, serve } from "../api/fakeFetch";
import { exportProject } from "../api/projects";
import { setToken } from "../api/token";
import type { ImportedProject } from "../api/types";
import { importTransfer, needsFollowUp } from "./importTransfer";
import { sampleProjectText } from "./sampleProject";

const FILE = {
  format: "dastyar.project",
  version: 1,
  name: "پروژهٔ فروش",
  nodes: [
    { id: "assistant-1", kind: "assistant", label: "دستیار", data: {}, position: { x: 10, y: 20 } },
    { id: "sms-2", kind: "sms", label: "پیامک", data: { api_key: "", receptor: "09121234567" }, position: { x: 300, y: 20 } },
  ],
  edges: [{ source: "assistant-1", target: "sms-2" }],
  secretsRemoved: [{ node: "sms-2", label: "پیامک", field: "api_key" }],
};

const IMPORTED: ImportedProject = {
  project: { id: 12, name: "پروژهٔ فروش", category: null, thumbnail: null, created_at: "", updated_at: "" },
  secrets_to_enter: [{ node: "sms-31", label: "پیامک", field: "api_key" }],
  connections_to_draw: [
    {
      source: "assistant-30",
      source_label: "دستیار",
      target: "sms-31",
      target_label: "پیامک",
      code: "sms_incomplete",
      message: message("sms_incomplete", {}),
    },
  ],
};

beforeEach(() => {
  window.localStorage.clear();
  setToken("tok.en.tr");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("importing a file", () => {
  it("sends the file core read to the one import call and answers what is left to do", async () => {
    const calls = serve(() => json(201, IMPORTED));
    const imported = await importTransfer(JSON.stringify(FILE));
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("/api/projects/import");
    expect(calls[0].init.method).toBe("POST");
    expect(JSON.parse(String(calls[0].init.body))).toEqual(FILE);
    expect(imported).toEqual(IMPORTED);
    expect(needsFollowUp(imported)).toBe(true);
    expect(needsFollowUp({ ...imported, secrets_to_enter: [], connections_to_draw: [] })).toBe(false);
  });

  it("refuses a broken, foreign or newer file in Persian without calling the server", async () => {
    const calls = serve(() => json(201, IMPORTED));
    const broken = await failure(importTransfer('{"format": "dastyar.pro'));
    expect([broken.status, broken.code, broken.message]).toEqual([422, "transfer_not_json", message("transfer_not_json", {})]);
    const foreign = await failure(importTransfer(JSON.stringify({ ...FILE, format: "n8n" })));
    expect([foreign.code, foreign.field]).toEqual(["transfer_format_unknown", "format"]);
    const newer = await failure(importTransfer(JSON.stringify({ ...FILE, version: 9 })));
    expect(newer.code).toBe("transfer_version_newer");
    expect(newer.message).toContain("۹");
    const dangling = await failure(
      importTransfer(JSON.stringify({ ...FILE, edges: [{ source: "assistant-1", target: "gone-3" }] })),
    );
    expect(dangling.code).toBe("transfer_edge_end_missing");
    expect(calls).toHaveLength(0);
  });

  it("passes on the server's refusal as it gave it", async () => {
    const text = "اتصال «پیامک» به «دستیار» از فایل پذیرفته نشد: …";
    serve(() => json(422, errorBody("transfer_edge_refused", text, { source: "sms-2", target: "assistant-1" })));
    const refused = await failure(importTransfer(JSON.stringify(FILE)));
    expect([refused.status, refused.code, refused.message]).toEqual([422, "transfer_edge_refused", text]);
  });
});

describe("exporting", () => {
  it("reads the project's file from the export route", async () => {
    const calls = serve(() => json(200, FILE));
    expect(await exportProject(7)).toEqual(FILE);
    expect(calls[0].url).toBe("/api/projects/7/export");
  });
});

describe("the sample project", () => {
  it("is a whole project core reads, with nothing secret to strip", () => {
    const parsed = parseTransfer(sampleProjectText);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const sample = parsed.value;
    expect(sample.name).toMatch(/[\u0600-\u06FF]/);
    expect(sample.nodes.length).toBeGreaterThan(3);
    expect(sample.edges.length).toBeGreaterThan(2);
    expect(sample.secretsRemoved).toEqual([]);
    expect(newTransfer(sample.name ?? null, sample.nodes, sample.edges).secretsRemoved).toEqual([]);
  });
});
