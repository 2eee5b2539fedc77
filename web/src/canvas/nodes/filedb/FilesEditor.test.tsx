// @vitest-environment happy-dom
import { message, type FileEntry } from "@dastyar/rules";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { flowNode } from "../../../state/canvas/testFixtures";
import type { FlowNode } from "../../model";
import { renderPanel, settle, type PanelView } from "../../panels/panelTesting";
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

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => {
  panel.unmount();
  vi.unstubAllGlobals();
});

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
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        return new Response(JSON.stringify({ success: true }), { status: 200 });
      }),
    );
    await render(flowNode("filedb-3", { files: [price, menu] }));
    const remove = panel.host.querySelector(`button[aria-label="${words.removeNamed("price.pdf")}"]`) as HTMLButtonElement;
    act(() => remove.click());
    await settle();
    expect(calls).toEqual(["DELETE /api/filedb/file/1?node_id=3"]);
    expect(storedFiles()).toEqual([menu]);
    expect(names()).toEqual(["menu.txt"]);
  });

  it("offers no upload before the node is created", async () => {
    await render({ ...flowNode("filedb-3", { files: [] }), id: "filedb-temp-1700000000000" });
    expect((panel.host.querySelector('input[type="file"]') as HTMLInputElement).disabled).toBe(true);
    expect(panel.host.textContent).toContain(words.unsaved);
  });
});
