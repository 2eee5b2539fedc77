// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import type { DocumentView, KnowledgeStatus } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { flowNode } from "../../../state/canvas/testFixtures";
import { click, failed, renderPanel, routedFetch, settle, typeInto, type Call, type PanelView, type Route } from "../../panels/panelTesting";
import { VectorStorePanel } from "./VectorStorePanel";

const doc = (node_id: number, file_id: number, name: string, state: DocumentView["state"], extra: Partial<DocumentView> = {}): DocumentView => ({
  node_id,
  file_id,
  name,
  state,
  progress: state === "processing" ? 25 : 100,
  sections: 4,
  chunks: 9,
  updated_at: "2025-03-21T08:00:00Z",
  ...extra,
});

const statusOf = (...documents: DocumentView[]): KnowledgeStatus => ({
  documents,
  ready: documents.filter((d) => d.state === "ready").length,
  processing: documents.filter((d) => d.state === "processing").length,
  failed: documents.filter((d) => d.state === "failed").length,
});

let knowledge: KnowledgeStatus;
let calls: Call[];
let panel: PanelView<"vectorstore">;

const base: Route[] = [
  (call) => (call.url === "/api/vectorstores/5/files" ? json(200, []) : undefined),
  (call) => (call.method === "GET" && call.url === "/api/knowledge/5" ? json(200, knowledge) : undefined),
];

const documents = () =>
  [...panel.host.querySelectorAll('[data-testid="file-entry"]')].map((li) => [
    li.querySelector('[data-testid="document-name"]')?.textContent,
    li.querySelector('[data-testid="document-state"]')?.getAttribute("data-state"),
  ]);

beforeEach(() => {
  knowledge = statusOf();
  calls = routedFetch(...base);
});

afterEach(() => {
  panel.unmount();
  vi.unstubAllGlobals();
});

describe("VectorStorePanel's knowledge", () => {
  it("shows each file once: its size from the listing and its state from the documents", async () => {
    const listed = [
      { node_id: 3, node_type: "filedb", source: "filedb-3", files: [{ id: 1, name: "قیمت‌ها.pdf", size: 2048 }, { id: 2, name: "new.txt", size: 10 }] },
      { node_id: 6, node_type: "filerepository", source: "filerepository-6", files: [] },
    ];
    knowledge = statusOf(doc(3, 1, "قیمت‌ها.pdf", "ready"), doc(8, 0, "راهنمای ارسال", "failed", { error: "دسترسی لغو شده است." }));
    calls = routedFetch((call) => (call.url === "/api/vectorstores/5/files" ? json(200, listed) : undefined), base[1]!);
    panel = await renderPanel(VectorStorePanel, flowNode("vectorstore-5"));
    expect(documents()).toEqual([
      ["قیمت‌ها.pdf", "ready"],
      ["new.txt", undefined],
      ["راهنمای ارسال", "failed"],
    ]);
    const sources = [...panel.host.querySelectorAll('[data-testid="vector-source"]')];
    expect(sources.map((s) => s.querySelectorAll('[data-testid="file-entry"]').length)).toEqual([2, 0, 1]);
    expect(sources[0]?.textContent).toContain(fa.nodes.filedb.files.size(2, "KB"));
    expect(sources[1]?.textContent).toContain(fa.nodes.vectorstore.sourceEmpty);
    expect(panel.host.textContent).toContain("دسترسی لغو شده است.");
    expect(panel.host.querySelectorAll('[data-testid="knowledge-summary"]')).toHaveLength(1);
  });

  it("lists the documents of every joined source with their states, by source", async () => {
    knowledge = statusOf(
      doc(3, 1, "قیمت‌ها.pdf", "ready"),
      doc(4, 2, "menu.csv", "processing"),
      doc(3, 7, "scan.pdf", "failed", { error: "این پی‌دی‌اف متنی ندارد." }),
    );
    panel = await renderPanel(VectorStorePanel, flowNode("vectorstore-5"));
    expect(documents()).toEqual([
      ["قیمت‌ها.pdf", "ready"],
      ["scan.pdf", "failed"],
      ["menu.csv", "processing"],
    ]);
    expect(panel.host.querySelector('[data-testid="knowledge-summary"]')?.textContent).toBe(fa.knowledge.documents.summary(1, 1, 1));
    expect(panel.host.textContent).toContain(fa.knowledge.state.ready(4, "page", 9));
    expect(panel.host.textContent).toContain("این پی‌دی‌اف متنی ندارد.");
  });

  it("says so when no file has reached it, and offers no reindex", async () => {
    panel = await renderPanel(VectorStorePanel, flowNode("vectorstore-5"));
    expect(panel.host.textContent).toContain(fa.nodes.vectorstore.noSources);
    expect([...panel.host.querySelectorAll("button")].some((b) => b.textContent === fa.knowledge.reindex)).toBe(false);
  });

  it("reads every document again on request", async () => {
    knowledge = statusOf(doc(3, 7, "scan.pdf", "failed", { error: "خراب" }));
    calls = routedFetch(...base, (call) => {
      if (call.url !== "/api/knowledge/5/reindex") return undefined;
      knowledge = statusOf(doc(3, 7, "scan.pdf", "processing", { progress: 0 }));
      return json(200, knowledge);
    });
    panel = await renderPanel(VectorStorePanel, flowNode("vectorstore-5"));
    click([...panel.host.querySelectorAll("button")].find((b) => b.textContent === fa.knowledge.reindex));
    await settle();
    expect(calls.filter((c) => c.url === "/api/knowledge/5/reindex").map((c) => c.method)).toEqual(["POST"]);
    expect(documents()).toEqual([["scan.pdf", "processing"]]);
  });

  it("shows a failed read with a way to read again", async () => {
    let down = true;
    calls = routedFetch(
      base[0]!,
      (call) => (down && call.url === "/api/knowledge/5" ? failed(500, "internal_error", message("internal_error", {})) : undefined),
      base[1]!,
    );
    panel = await renderPanel(VectorStorePanel, flowNode("vectorstore-5"));
    const section = panel.host.querySelector('[data-testid="vector-files"]')!;
    expect(section.querySelector('[role="alert"]')?.textContent).toBe(message("internal_error", {}));
    down = false;
    knowledge = statusOf(doc(3, 1, "a.pdf", "ready"));
    click([...section.querySelectorAll("button")].find((b) => b.textContent === fa.nodes.vectorstore.reload));
    await settle();
    expect(section.querySelector('[role="alert"]')).toBeNull();
    expect(documents()).toEqual([["a.pdf", "ready"]]);
  });

  it("tries a search: passages with their file and rows, and the server's refusal on the field", async () => {
    const rows = {
      name: "prices.xlsx",
      node_id: 4,
      file_id: 2,
      from: { kind: "row", sheet: "تعرفه", row: 2 },
      to: { kind: "row", sheet: "تعرفه", row: 5 },
      text: "بستهٔ پایه | ۲۰۰ هزار تومان",
      score: 4.1,
    };
    const tooLong = message("knowledge_query_too_long", { max: "500" });
    calls = routedFetch(...base, (call) => {
      if (call.url !== "/api/knowledge/5/search") return undefined;
      const query = (call.body as { query: string }).query;
      if (query.length > 20) return failed(422, "knowledge_query_too_long", tooLong, { field: "query" });
      return json(200, query === "هیچ" ? [] : [rows]);
    });
    panel = await renderPanel(VectorStorePanel, flowNode("vectorstore-5"));
    const search = panel.host.querySelector('[data-testid="knowledge-search"]')!;
    const input = search.querySelector("input")!;
    const submit = search.querySelector('[data-testid="knowledge-search-submit"]');

    typeInto(input, "قیمت بستهٔ پایه");
    click(submit);
    await settle();
    expect(search.querySelector('[data-testid="passage-source"]')?.textContent).toBe("prices.xlsx، ردیف‌های ۲ تا ۵ برگهٔ تعرفه");
    expect(search.textContent).toContain("بستهٔ پایه | ۲۰۰ هزار تومان");

    typeInto(input, "x".repeat(30));
    click(submit);
    await settle();
    expect(search.querySelector('[role="alert"]')?.textContent).toBe(tooLong);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(search.querySelector('[data-testid="knowledge-passage"]')).toBeNull();

    typeInto(input, "هیچ");
    click(submit);
    await settle();
    expect(search.querySelector('[role="alert"]')).toBeNull();
    expect(search.textContent).toContain(fa.knowledge.search.none);
  });
});
