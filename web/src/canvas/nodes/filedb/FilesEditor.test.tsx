// @vitest-environment happy-dom
import { message, type FileEntry } from "@dastyar/rules";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { flowNode } from "../../../state/canvas/testFixtures";
import type { FlowNode } from "../../model";
import type { DocumentView, KnowledgeStatus } from "../../../api/types";
import { json } from "../../../api/fakeFetch";
import { click, failed, renderPanel, routedFetch, settle, typeInto, type Call, type Route } from "../../panels/panelTesting";
import type { PanelView } from "../../panels/panelTesting";
import { KNOWLEDGE_POLL_MS } from "../../../state/knowledge";
import type { PanelProps } from "../../panels/types";
import { FilesEditor } from "./FilesEditor";

const words = fa.nodes.filedb.files;
const price: FileEntry = { id: 1, name: "price.pdf", size: 2048, uploaded_at: "2025-03-21T08:00:00Z" };
const menu: FileEntry = { id: 2, name: "menu.txt", size: 10 };

/** Stands in for XMLHttpRequest; the test plays the server. */
class FakeXhr {
  static last: FakeXhr | null = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send() {
    FakeXhr.last = this;
  }
  abort() {}
}

function xhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error("nothing was uploaded");
  return FakeXhr.last;
}

/** The list as a file database's panel shows it. */
const Files = ({ form }: PanelProps<"filedb">) => <FilesEditor form={form} words={words} hint="" />;

let panel: PanelView<"filedb">;

async function render(node: FlowNode) {
  panel = await renderPanel(Files, node);
}

function names(): string[] {
  return [...panel.host.querySelectorAll('[data-testid="file-name"]')].map((e) => e.textContent ?? "");
}

function storedFiles(): FileEntry[] {
  const data = panel.store.get(nodesAtom)[0]!.data;
  return "files" in data ? data.files : [];
}

function choose(file: File) {
  const input = panel.host.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  act(() => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

function answer(files: FileEntry[], file: FileEntry) {
  return { file, node: { id: "filedb-3", database_id: 3, type: "filedb", position: { x: 0, y: 0 }, data: { label: "Docs", creationStatus: "success", files } } };
}

/** The documents the fake server reports for node 3; tests change it between reads. */
let knowledge: KnowledgeStatus;

const statusOf = (...documents: DocumentView[]): KnowledgeStatus => ({
  documents,
  ready: documents.filter((d) => d.state === "ready").length,
  processing: documents.filter((d) => d.state === "processing").length,
  failed: documents.filter((d) => d.state === "failed").length,
});

const doc = (file: FileEntry, state: DocumentView["state"], extra: Partial<DocumentView> = {}): DocumentView => ({
  node_id: 3,
  file_id: file.id,
  name: file.name,
  state,
  progress: state === "processing" ? 40 : 100,
  sections: 3,
  chunks: 12,
  updated_at: "2025-03-21T08:00:00Z",
  ...extra,
});

const knowledgeRoute: Route = (call) =>
  call.method === "GET" && call.url === "/api/knowledge/3" ? json(200, knowledge) : undefined;

let calls: Call[];

beforeEach(() => {
  FakeXhr.last = null;
  knowledge = statusOf();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  calls = routedFetch(knowledgeRoute);
});

afterEach(() => {
  panel.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const statusReads = () => calls.filter((c) => c.url === "/api/knowledge/3").length;
const stateOf = (fileId: number) =>
  panel.host.querySelector(`[data-file-id="${fileId}"] [data-testid="document-state"]`);

describe("FilesEditor", () => {
  it("lists the files with size and Jalali date in Persian digits", async () => {
    await render(flowNode("filedb-3", { files: [price] }));
    expect(names()).toEqual(["price.pdf"]);
    expect(panel.host.querySelector('[data-testid="file-size"]')?.textContent).toBe(words.size(2, "KB"));
    // Persian digits, no Latin ones.
    expect(panel.host.querySelector('[data-testid="file-date"]')?.textContent).toMatch(/^[^0-9]*[\u06F0-\u06F9]+[^0-9]*$/);
  });

  it("uploads with progress and puts the answered files into the node", async () => {
    await render(flowNode("filedb-3", { files: [price] }));
    choose(new File(["hello"], "menu.txt"));
    act(() => xhr().upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(panel.host.querySelector("progress")?.getAttribute("value")).toBe("40");
    expect(panel.host.textContent).toContain(words.uploading(40));
    // Picking another file waits for this one.
    expect((panel.host.querySelector('input[type="file"]') as HTMLInputElement).disabled).toBe(true);

    act(() => {
      xhr().status = 201;
      xhr().responseText = JSON.stringify(answer([price, menu], menu));
      xhr().onload?.();
    });
    await settle();
    expect(storedFiles()).toEqual([price, menu]);
    expect(names()).toEqual(["price.pdf", "menu.txt"]);
    expect(panel.host.querySelector("progress")).toBeNull();
    expect(panel.host.querySelector('[data-testid="files-status"]')?.textContent).toBe(words.uploaded("menu.txt"));
  });

  it("keeps an edited draft's files in step, so saving it does not bring back the old list", async () => {
    await render(flowNode("filedb-3", { files: [price] }));
    act(() => panel.form.update({ label: "Renamed" }));
    choose(new File(["hello"], "menu.txt"));
    act(() => {
      xhr().status = 201;
      xhr().responseText = JSON.stringify(answer([price, menu], menu));
      xhr().onload?.();
    });
    await settle();
    expect(panel.form.draft).toMatchObject({ label: "Renamed", files: [price, menu] });
  });

  it("shows the server's message, or the network message, when an upload fails", async () => {
    await render(flowNode("filedb-3", { files: [] }));
    choose(new File(["x"], "huge.bin"));
    act(() => {
      xhr().status = 413;
      xhr().responseText = JSON.stringify({ error: { code: "too_large", message: "too big for us", details: {} } });
      xhr().onload?.();
    });
    await settle();
    expect(panel.host.querySelector('[role="alert"]')?.textContent).toBe("too big for us");

    choose(new File(["x"], "again.bin"));
    act(() => xhr().onerror?.());
    await settle();
    expect(panel.host.querySelector('[role="alert"]')?.textContent).toBe(message("upload_network_error", {}));
    expect(storedFiles()).toEqual([]);
  });

  it("deletes a file and drops it from the node", async () => {
    calls = routedFetch(knowledgeRoute, (call) => (call.method === "DELETE" ? json(200, { success: true }) : undefined));
    await render(flowNode("filedb-3", { files: [price, menu] }));
    const remove = panel.host.querySelector(`button[aria-label="${words.removeNamed("price.pdf")}"]`) as HTMLButtonElement;
    act(() => remove.click());
    await settle();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/filedb/file/1?node_id=3"]);
    expect(storedFiles()).toEqual([menu]);
    expect(names()).toEqual(["menu.txt"]);
  });

  it("offers no upload before the node is created", async () => {
    await render({ ...flowNode("filedb-3", { files: [] }), id: "filedb-temp-1700000000000" });
    expect((panel.host.querySelector('input[type="file"]') as HTMLInputElement).disabled).toBe(true);
    expect(panel.host.textContent).toContain(words.unsaved);
  });

  it("shows each file's reading state: progress, pages and chunks in Persian digits, the server's reason", async () => {
    knowledge = statusOf(doc(price, "ready"), doc(menu, "failed", { error: "این فایل متن ندارد." }));
    await render(flowNode("filedb-3", { files: [price, menu] }));
    expect(stateOf(1)?.getAttribute("data-state")).toBe("ready");
    expect(stateOf(1)?.textContent).toBe(fa.knowledge.state.ready(3, "page", 12));
    expect(stateOf(1)?.textContent).toMatch(/۳/);
    expect(stateOf(1)?.textContent).not.toMatch(/[0-9]/);
    expect(stateOf(2)?.textContent).toBe("این فایل متن ندارد.");
  });

  it("reads again every 2 s while a file is being read, and stops when none is", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    knowledge = statusOf(doc(price, "processing"));
    await render(flowNode("filedb-3", { files: [price] }));
    expect(statusReads()).toBe(1);
    expect(stateOf(1)?.querySelector("progress")?.getAttribute("value")).toBe("40");
    expect(stateOf(1)?.textContent).toContain(fa.knowledge.state.processing(40));

    knowledge = statusOf(doc(price, "processing", { progress: 80 }));
    await act(() => vi.advanceTimersByTimeAsync(KNOWLEDGE_POLL_MS));
    await settle();
    expect(statusReads()).toBe(2);
    expect(stateOf(1)?.textContent).toContain(fa.knowledge.state.processing(80));

    knowledge = statusOf(doc(price, "ready"));
    await act(() => vi.advanceTimersByTimeAsync(KNOWLEDGE_POLL_MS));
    await settle();
    expect(statusReads()).toBe(3);
    expect(stateOf(1)?.getAttribute("data-state")).toBe("ready");

    await act(() => vi.advanceTimersByTimeAsync(KNOWLEDGE_POLL_MS * 3));
    expect(statusReads()).toBe(3);
  });

  it("stops reading when the panel closes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    knowledge = statusOf(doc(price, "processing"));
    await render(flowNode("filedb-3", { files: [price] }));
    expect(statusReads()).toBe(1);
    panel.unmount();
    await act(() => vi.advanceTimersByTimeAsync(KNOWLEDGE_POLL_MS * 3));
    expect(statusReads()).toBe(1);
    // afterEach unmounts again: a second unmount must be harmless.
    panel = { ...panel, unmount: () => {} };
  });

  it("offers to read again when some file failed, and polls the queued files", async () => {
    knowledge = statusOf(doc(price, "failed", { error: "خراب است" }));
    calls = routedFetch(knowledgeRoute, (call) => {
      if (call.url !== "/api/knowledge/3/reindex") return undefined;
      knowledge = statusOf(doc(price, "processing", { progress: 0 }));
      return json(200, knowledge);
    });
    await render(flowNode("filedb-3", { files: [price] }));
    const again = [...panel.host.querySelectorAll("button")].find((b) => b.textContent === fa.knowledge.reindex);
    click(again);
    await settle();
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/knowledge/3/reindex")).toBe(true);
    expect(stateOf(1)?.getAttribute("data-state")).toBe("processing");
    expect([...panel.host.querySelectorAll("button")].some((b) => b.textContent === fa.knowledge.reindex)).toBe(false);
  });

  it("offers a search once a file is ready, each passage with its file and page", async () => {
    knowledge = statusOf(doc(price, "ready"));
    const passage = { name: "price.pdf", node_id: 3, file_id: 1, from: { kind: "page", page: 2 }, to: { kind: "page", page: 2 }, text: "اشتراک ماهانه", score: 2 };
    calls = routedFetch(knowledgeRoute, (call) => {
      if (call.url !== "/api/knowledge/3/search") return undefined;
      const query = (call.body as { query: string }).query;
      return query.trim() === ""
        ? failed(422, "knowledge_query_empty", message("knowledge_query_empty", {}), { field: "query" })
        : json(200, [passage]);
    });
    await render(flowNode("filedb-3", { files: [price] }));
    const search = panel.host.querySelector('[data-testid="knowledge-search"]')!;
    const submit = search.querySelector('[data-testid="knowledge-search-submit"]');
    click(submit);
    await settle();
    expect(search.querySelector('[role="alert"]')?.textContent).toBe(message("knowledge_query_empty", {}));

    typeInto(search.querySelector("input")!, "اشتراک");
    click(submit);
    await settle();
    expect(calls.at(-1)?.body).toEqual({ query: "اشتراک" });
    expect(search.querySelector('[role="alert"]')).toBeNull();
    expect(search.querySelector('[data-testid="passage-source"]')?.textContent).toBe("price.pdf، صفحهٔ ۲");
    expect(search.querySelector('[data-testid="knowledge-passage"]')?.textContent).toContain("اشتراک ماهانه");
  });

  it("offers no search while nothing is ready", async () => {
    knowledge = statusOf(doc(price, "processing"));
    await render(flowNode("filedb-3", { files: [price] }));
    expect(panel.host.querySelector('[data-testid="knowledge-search"]')).toBeNull();
  });
});
