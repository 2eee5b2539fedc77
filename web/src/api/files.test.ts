// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./client";
import { deleteFile, downloadFile, uploadError, uploadFile, uploadPercent, UPLOAD_PATH } from "./files";
import { setToken } from "./token";

/** Stands in for XMLHttpRequest: records the request, and the test plays the server. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function xhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error("no upload was sent");
  return FakeXhr.last;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("the call did not fail");
}

const entry = { id: 7, name: "price-list.pdf", size: 2048, mime_type: "application/pdf", uploaded_at: "2025-03-21T08:00:00Z" };
const answer = {
  file: entry,
  node: { id: "filedb-3", database_id: 3, type: "filedb", position: { x: 0, y: 0 }, data: { label: "x", creationStatus: "success", files: [entry] } },
};

beforeEach(() => {
  FakeXhr.last = null;
  window.localStorage.clear();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("uploadPercent", () => {
  it("answers whole percents between 0 and 100", () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    // Some browsers count the multipart framing in `loaded` but not `total`.
    expect(uploadPercent(1200, 1000)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
    expect(uploadPercent(Number.NaN, 10)).toBe(0);
  });
});

describe("uploadFile", () => {
  it("posts the file and node_id as multipart with the bearer token, reporting progress", async () => {
    setToken("tok.en.x");
    const seen: number[] = [];
    const file = new File(["hello"], "price-list.pdf", { type: "application/pdf" });
    const done = uploadFile(3, file, (p) => seen.push(p));
    const request = xhr();
    expect(request.method).toBe("POST");
    expect(request.url).toBe(UPLOAD_PATH);
    expect(request.headers.Authorization).toBe("Bearer tok.en.x");
    // The browser sets the multipart boundary itself.
    expect(request.headers["Content-Type"]).toBeUndefined();
    const form = request.body as FormData;
    expect(form.get("node_id")).toBe("3");
    expect((form.get("file") as File).name).toBe("price-list.pdf");

    request.progress(25, 100);
    request.progress(50, 100, false); // no total known: nothing to report
    request.progress(100, 100);
    request.respond(201, answer);
    await expect(done).resolves.toEqual(answer);
    expect(seen).toEqual([25, 100]);
  });

  it("fails with the server's Persian message when it refuses the file", async () => {
    const done = uploadFile(3, new File(["x"], "big.bin"));
    xhr().respond(413, { error: { code: "too_large", message: "پرونده بزرگ است", details: {} } });
    const error = await failure(done);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: "too_large", message: "پرونده بزرگ است" });
  });

  it("fails with upload_failed when the refusal carries no error body", async () => {
    const done = uploadFile(3, new File(["x"], "a.txt"));
    xhr().respond(502, "<html>bad gateway</html>");
    expect(await failure(done)).toMatchObject({ status: 502, code: "upload_failed", message: message("upload_failed", {}) });
  });

  it("fails with upload_failed when a success answer is not JSON", async () => {
    const done = uploadFile(3, new File(["x"], "a.txt"));
    xhr().respond(201, "not json");
    expect(await failure(done)).toMatchObject({ code: "upload_failed" });
  });

  it("fails with upload_network_error when the server is not reached", async () => {
    const done = uploadFile(3, new File(["x"], "a.txt"));
    xhr().onerror?.();
    expect(await failure(done)).toMatchObject({
      status: 0,
      code: "upload_network_error",
      message: message("upload_network_error", {}),
    });
  });

  it("stops when its signal aborts", async () => {
    const controller = new AbortController();
    const done = uploadFile(3, new File(["x"], "a.txt"), undefined, controller.signal);
    controller.abort();
    const error = await failure(done);
    expect(xhr().aborted).toBe(true);
    expect((error as DOMException).name).toBe("AbortError");
  });
});

describe("uploadError", () => {
  it("keeps the error's code and details", async () => {
    const body = JSON.stringify({ error: { code: "field_required", message: "لازم", details: { field: "file" } } });
    const error = await uploadError(422, body);
    expect(error.code).toBe("field_required");
    expect(error.field).toBe("file");
  });
});

describe("deleteFile and downloadFile", () => {
  it("deletes through DELETE /filedb/file/{fileId}?node_id=", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(JSON.stringify({ success: true }), { status: 200 });
      }),
    );
    await expect(deleteFile(3, 7)).resolves.toEqual({ success: true });
    expect(calls[0]!.url).toBe("/api/filedb/file/7?node_id=3");
    expect(calls[0]!.init.method).toBe("DELETE");
  });

  it("downloads with the bearer token and reports the server's error", async () => {
    setToken("tok.en.y");
    const calls: { url: string; init: RequestInit }[] = [];
    let status = 200;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return status === 200
          ? new Response("bytes", { status })
          : new Response(JSON.stringify({ error: { code: "not_found", message: "نیست", details: {} } }), { status });
      }),
    );
    const blob = await downloadFile(3, 7);
    expect(await blob.text()).toBe("bytes");
    expect(calls[0]!.url).toBe("/api/filedb/3/files/7");
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok.en.y");
    status = 404;
    expect(await failure(downloadFile(3, 8))).toMatchObject({ status: 404, code: "not_found", message: "نیست" });
  });
});
