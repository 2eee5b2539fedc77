// @vitest-environment happy-dom
import { message, type FileEntry } from "@dastyar/rules";
import { createStore, Provider, useAtomValue } from "jotai";
import { act, useEffect } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { flowNode } from "../../../state/canvas/testFixtures";
import type { FlowNode } from "../../model";
import { usePanelForm, type PanelForm } from "../../panels/usePanelForm";
import { FilesEditor } from "./FilesEditor";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let form: PanelForm | null = null;

/** The panel host's part: the node from the canvas, its draft, the list. */
function Harness({ id }: { id: string }) {
  const node = useAtomValue(nodesAtom).find((n) => n.id === id) as FlowNode;
  const panel = usePanelForm(node);
  useEffect(() => {
    form = panel;
  });
  return <FilesEditor form={panel as PanelForm<"filedb">} words={words} hint="" />;
}

let root: Root;
let host: HTMLElement;
let store: ReturnType<typeof createStore>;

function render(node: FlowNode) {
  store = createStore();
  store.set(nodesAtom, [node]);
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root.render(
      <Provider store={store}>
        <Harness id={node.id} />
      </Provider>,
    ),
  );
}

function names(): string[] {
  return [...host.querySelectorAll('[data-testid="file-name"]')].map((e) => e.textContent ?? "");
}

function storedFiles(): FileEntry[] {
  const data = store.get(nodesAtom)[0]!.data;
  return "files" in data ? data.files : [];
}

function choose(file: File) {
  const input = host.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  act(() => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function answer(files: FileEntry[], file: FileEntry) {
  return { file, node: { id: "filedb-3", database_id: 3, type: "filedb", position: { x: 0, y: 0 }, data: { label: "Docs", creationStatus: "success", files } } };
}

beforeEach(() => {
  FakeXhr.last = null;
  form = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe("FilesEditor", () => {
  it("lists the files with size and Jalali date in Persian digits", () => {
    render(flowNode("filedb-3", { files: [price] }));
    expect(names()).toEqual(["price.pdf"]);
    expect(host.querySelector('[data-testid="file-size"]')?.textContent).toBe(words.size(2, "KB"));
    // Persian digits, no Latin ones.
    expect(host.querySelector('[data-testid="file-date"]')?.textContent).toMatch(/^[^0-9]*[\u06F0-\u06F9]+[^0-9]*$/);
  });

  it("uploads with progress and puts the answered files into the node", async () => {
    render(flowNode("filedb-3", { files: [price] }));
    choose(new File(["hello"], "menu.txt"));
    act(() => xhr().upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(host.querySelector("progress")?.getAttribute("value")).toBe("40");
    expect(host.textContent).toContain(words.uploading(40));
    // Picking another file waits for this one.
    expect((host.querySelector('input[type="file"]') as HTMLInputElement).disabled).toBe(true);

    act(() => {
      xhr().status = 201;
      xhr().responseText = JSON.stringify(answer([price, menu], menu));
      xhr().onload?.();
    });
    await settle();
    expect(storedFiles()).toEqual([price, menu]);
    expect(names()).toEqual(["price.pdf", "menu.txt"]);
    expect(host.querySelector("progress")).toBeNull();
    expect(host.querySelector('[data-testid="files-status"]')?.textContent).toBe(words.uploaded("menu.txt"));
  });

  it("keeps an edited draft's files in step, so saving it does not bring back the old list", async () => {
    render(flowNode("filedb-3", { files: [price] }));
    act(() => form!.update({ label: "Renamed" }));
    choose(new File(["hello"], "menu.txt"));
    act(() => {
      xhr().status = 201;
      xhr().responseText = JSON.stringify(answer([price, menu], menu));
      xhr().onload?.();
    });
    await settle();
    expect(form!.draft).toMatchObject({ label: "Renamed", files: [price, menu] });
  });

  it("shows the server's message, or the network message, when an upload fails", async () => {
    render(flowNode("filedb-3", { files: [] }));
    choose(new File(["x"], "huge.bin"));
    act(() => {
      xhr().status = 413;
      xhr().responseText = JSON.stringify({ error: { code: "too_large", message: "too big for us", details: {} } });
      xhr().onload?.();
    });
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe("too big for us");

    choose(new File(["x"], "again.bin"));
    act(() => xhr().onerror?.());
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(message("upload_network_error", {}));
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
    render(flowNode("filedb-3", { files: [price, menu] }));
    const remove = host.querySelector(`button[aria-label="${words.removeNamed("price.pdf")}"]`) as HTMLButtonElement;
    act(() => remove.click());
    await settle();
    expect(calls).toEqual(["DELETE /api/filedb/file/1?node_id=3"]);
    expect(storedFiles()).toEqual([menu]);
    expect(names()).toEqual(["menu.txt"]);
  });

  it("offers no upload before the node is created", () => {
    render({ ...flowNode("filedb-3", { files: [] }), id: "filedb-temp-1700000000000" });
    expect((host.querySelector('input[type="file"]') as HTMLInputElement).disabled).toBe(true);
    expect(host.textContent).toContain(words.unsaved);
  });
});
