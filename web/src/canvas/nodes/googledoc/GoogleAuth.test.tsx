// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import type { DocumentView } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { flowNode } from "../../../state/canvas/testFixtures";
import { googleReturnAtom } from "../../../state/googleReturn";
import { click, failed, renderPanel, routedFetch, settle, type Call, type PanelView, type Route } from "../../panels/panelTesting";
import { browser } from "./GoogleAuth";
import { GoogleDocPanel } from "./GoogleDocPanel";

const words = fa.nodes.googledoc;
const CONSENT = "https://accounts.google.com/o/oauth2/v2/auth?state=abc";

let calls: Call[];
let route: Route;
let panel: PanelView<"googledoc">;

const configured: Route = ({ url }) =>
  url === "/api/google/status" ? json(200, { configured: true, missing: [], redirect_uri: "https://d.example/api/google/callback" }) : undefined;

let documents: DocumentView[];
const knowledge: Route = ({ method, url }) =>
  method === "GET" && url === "/api/knowledge/5"
    ? json(200, { documents, ready: documents.filter((d) => d.state === "ready").length, processing: 0, failed: 0 })
    : undefined;

const byTestId = (id: string) => panel.host.querySelector(`[data-testid="${id}"]`);

beforeEach(() => {
  route = () => undefined;
  window.localStorage.clear();
  documents = [];
  calls = routedFetch((call) => route(call), configured, knowledge);
});

afterEach(() => {
  panel.unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("authorising a Google doc", () => {
  it("sends the owner to Google's consent page from the authorize button", async () => {
    const open = vi.spyOn(browser, "open").mockImplementation(() => {});
    route = ({ url }) => (url === "/api/google/5/authorize" ? json(200, { url: CONSENT }) : undefined);
    panel = await renderPanel(GoogleDocPanel, flowNode("googledoc-5", { doc_id: "doc-1", auth_status: "pending" }));
    expect(panel.host.querySelector('[data-fact="auth_status"]')?.textContent).toContain(words.pending);
    expect(byTestId("google-sync")).toBeNull();
    click(byTestId("google-authorize"));
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain("POST /api/google/5/authorize");
    expect(open).toHaveBeenCalledWith(CONSENT);
  });

  it("reads an authorised doc again from the sync button", async () => {
    route = ({ url }) => (url === "/api/google/5/sync" ? json(200, { documents: [], ready: 0, processing: 1, failed: 0 }) : undefined);
    panel = await renderPanel(GoogleDocPanel, flowNode("googledoc-5", { doc_id: "doc-1", auth_status: "authorized" }));
    expect(byTestId("google-authorize")?.textContent).toBe(words.authorizeAgain);
    click(byTestId("google-sync"));
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain("POST /api/google/5/sync");
    expect(panel.host.textContent).toContain(words.syncQueued);
  });

  it("shows how far its document has been read", async () => {
    documents = [{ node_id: 5, file_id: 0, name: "راهنما", state: "ready", progress: 100, sections: 3, chunks: 4, updated_at: "2025-03-21T08:00:00Z" }];
    panel = await renderPanel(GoogleDocPanel, flowNode("googledoc-5", { doc_id: "doc-1", auth_status: "authorized" }));
    const state = panel.host.querySelector('[data-testid="google-document"] [data-testid="document-state"]');
    expect(state?.getAttribute("data-state")).toBe("ready");
    expect(state?.textContent).toBe(fa.knowledge.state.ready(3, "part", 4));
  });

  it("shows the server's Persian refusal", async () => {
    const text = "این گره هنوز از گوگل اجازه نگرفته است.";
    route = ({ url }) => (url === "/api/google/5/sync" ? failed(409, "google_not_authorized", text) : undefined);
    panel = await renderPanel(GoogleDocPanel, flowNode("googledoc-5", { doc_id: "doc-1", auth_status: "authorized" }));
    click(byTestId("google-sync"));
    await settle();
    expect(panel.host.querySelector('[role="alert"]')?.textContent).toBe(text);
  });
});

describe("back from Google", () => {
  it("shows how the return ended in the panel of its node, until the panel acts again", async () => {
    const open = vi.spyOn(browser, "open").mockImplementation(() => {});
    route = ({ url }) => (url === "/api/google/5/authorize" ? json(200, { url: CONSENT }) : undefined);
    panel = await renderPanel(GoogleDocPanel, flowNode("googledoc-5", { doc_id: "doc-1", auth_status: "pending" }));
    const denied = "اجازهٔ دسترسی در گوگل داده نشد.";
    act(() => panel.store.set(googleReturnAtom, { nodeId: "googledoc-6", outcome: "failed", message: denied }));
    expect(byTestId("google-return")).toBeNull();
    act(() => panel.store.set(googleReturnAtom, { nodeId: "googledoc-5", outcome: "failed", message: denied }));
    expect(panel.host.querySelector('[role="alert"]')?.textContent).toBe(denied);
    click(byTestId("google-authorize"));
    await settle();
    expect(open).toHaveBeenCalledWith(CONSENT);
    expect(byTestId("google-return")).toBeNull();
  });

  it("says an authorised return was taken", async () => {
    panel = await renderPanel(GoogleDocPanel, flowNode("googledoc-5", { doc_id: "doc-1", auth_status: "authorized" }));
    act(() => panel.store.set(googleReturnAtom, { nodeId: "googledoc-5", outcome: "authorized" }));
    expect(byTestId("google-return")?.textContent).toBe(words.authorizedNow);
    expect(byTestId("google-return")?.getAttribute("role")).toBe("status");
  });
});

describe("without Google on the server", () => {
  it("says what to configure instead of offering to authorise", async () => {
    const message = "اتصال به گوگل هنوز پیکربندی نشده است.";
    calls = routedFetch(({ url }) =>
      url === "/api/google/status"
        ? json(200, { configured: false, missing: ["DASTYAR_GOOGLE_CLIENT_ID", "DASTYAR_GOOGLE_CLIENT_SECRET"], redirect_uri: "https://d.example/api/google/callback", message })
        : undefined,
    );
    panel = await renderPanel(GoogleDocPanel, flowNode("googledoc-5", { doc_id: "doc-1" }));
    const section = byTestId("google-not-configured");
    expect(section?.textContent).toContain(message);
    expect(section?.textContent).toContain("DASTYAR_GOOGLE_CLIENT_SECRET");
    expect(section?.textContent).toContain("https://d.example/api/google/callback");
    expect(byTestId("google-authorize")).toBeNull();
  });
});
