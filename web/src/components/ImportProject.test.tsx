// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, serve, type Call } from "../api/fakeFetch";
import { setToken } from "../api/token";
import type { ImportedProject } from "../api/types";
import { fa } from "../i18n/fa";
import { sampleProjectText } from "../transfer/sampleProject";
import { ImportProject } from "./ImportProject";
import { ImportReport } from "./ImportReport";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const project = { id: 41, name: "نمونه", category: null, thumbnail: null, created_at: "", updated_at: "" };
const clean: ImportedProject = { project, secrets_to_enter: [], connections_to_draw: [] };
const withSecrets: ImportedProject = {
  project,
  secrets_to_enter: [{ node: "telegram-44", label: "ربات فروش", field: "bot_token" }],
  connections_to_draw: [
    {
      source: "assistant-42",
      source_label: "دستیار",
      target: "telegram-44",
      target_label: "ربات فروش",
      code: "telegram_credentials_missing",
      message: message("telegram_credentials_missing", {}),
    },
  ],
};

let host: HTMLDivElement;
let root: Root;
let calls: Call[];
let answer: ImportedProject;
let followUps: ImportedProject[];

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function render(withSample: boolean) {
  await act(async () => {
    root.render(<ImportProject withSample={withSample} onFollowUp={(i) => followUps.push(i)} />);
  });
}

async function choose(text: string) {
  const input = host.querySelector('[data-testid="import-file"]') as HTMLInputElement;
  const file = new File([text], "project.dastyar.json", { type: "application/json" });
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await settle();
}

const buttonNamed = (name: string) =>
  [...host.querySelectorAll("button")].find((b) => b.textContent === name) as HTMLButtonElement | undefined;

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/projects");
  setToken("tok.en.ip");
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  followUps = [];
  answer = clean;
  calls = serve(() => json(201, answer));
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe("importing on the projects page", () => {
  it("opens the sample project on its canvas, made through the import call", async () => {
    await render(true);
    await act(async () => buttonNamed(fa.transfer.sample)!.click());
    await settle();
    expect(calls.map((c) => c.url)).toEqual(["/api/projects/import"]);
    expect(JSON.parse(String(calls[0].init.body))).toEqual(JSON.parse(sampleProjectText));
    expect(window.location.pathname).toBe("/projects/41");
  });

  it("offers the sample only when asked", async () => {
    await render(false);
    expect(buttonNamed(fa.transfer.sample)).toBeUndefined();
  });

  it("shows a refused file's Persian message and sends nothing", async () => {
    await render(false);
    await choose('{"format":"dastyar.project","version":3,"nodes":[]}');
    const alert = host.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(message("transfer_version_newer", { version: "۳", supported: "۱" }));
    expect(calls).toHaveLength(0);
  });

  it("hands on an import that left secrets to enter, and stays on the page", async () => {
    answer = withSecrets;
    await render(false);
    await choose(JSON.stringify({ format: "dastyar.project", version: 1, name: "نمونه", nodes: [] }));
    expect(followUps).toEqual([withSecrets]);
    expect(window.location.pathname).toBe("/projects");
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });
});

describe("the import report", () => {
  it("lists each secret by node and field, and each connection with the rule's words", async () => {
    const closed = vi.fn();
    await act(async () => root.render(<ImportReport imported={withSecrets} onClose={closed} />));
    const secrets = host.querySelector('[data-testid="secrets-to-enter"]')!;
    expect(secrets.textContent).toBe(fa.transfer.secretLine("ربات فروش", "bot_token"));
    expect(secrets.textContent).toContain("توکن ربات تلگرام");
    const connections = host.querySelector('[data-testid="connections-to-draw"]')!;
    expect(connections.textContent).toContain(message("telegram_credentials_missing", {}));
    expect(host.querySelector("a")!.getAttribute("href")).toBe("/projects/41");
    await act(async () => window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
