// @vitest-environment happy-dom
import { constants, message } from "@dastyar/rules";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import type { SmsSendView } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { flowNode } from "../../../state/canvas/testFixtures";
import type { FlowNode } from "../../model";
import { click, renderPanel, routedFetch, settle, typeInto, type Call, type PanelView, type Route } from "../../panels/panelTesting";
import { SmsPanel } from "./SmsPanel";

const t = fa.nodes.sms;
const MASK = `${constants().secretMask}6F5A`;
const SENT = "پیامک برای ۱ گیرنده فرستاده شد.";

const send = (id: number, data: Partial<SmsSendView> = {}): SmsSendView => ({
  id,
  origin: "panel",
  method: "simple",
  status: "sent",
  message: "سلام",
  entries: [{ receptor: "09123456789", message: "سلام", messageid: 8792340 + id, status: 1, statustext: "در صف ارسال", cost: 1200 }],
  segments: 1,
  estimated_cost: 150,
  cost: 1200,
  provider_status: 200,
  response_message: SENT,
  created_at: "2025-03-21T08:30:00.000000Z",
  ...data,
});

let calls: Call[];
let route: Route;
let history: SmsSendView[];
let panel: PanelView<"sms">;

const saved = (data: Record<string, unknown> = {}) =>
  flowNode("sms-9", { label: "پیامک", apiKey: MASK, receptor: "09123456789", message: "سلام", ...data });

/** The node as the server answers it after a send: its last-send fields filled in. */
const nodeAfter = (status: string, text: string) =>
  json(200, {
    id: "sms-9",
    database_id: 9,
    type: "sms",
    position: { x: 0, y: 0 },
    data: { ...saved().data, lastSendStatus: status, lastSendTime: "2025-03-21T08:30:00Z", lastResponseMessage: text },
  });

/** The history the server keeps, where `route` does not answer. */
const server: Route = ({ method, url }) => {
  if (method === "GET" && url === "/api/sms/9/history") return json(200, { sends: history, total: history.length });
  return undefined;
};

const byTestId = (id: string) => panel.host.querySelector(`[data-testid="${id}"]`);
const button = (id: string) => byTestId(id) as HTMLButtonElement;
const text = (id: string) => byTestId(id)?.textContent ?? "";
const named = (name: string) => panel.host.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement;

async function render(node: FlowNode) {
  panel = await renderPanel(SmsPanel, node);
}

beforeEach(() => {
  history = [];
  route = () => undefined;
  window.localStorage.clear();
  calls = routedFetch((call) => route(call), server);
});

afterEach(() => {
  panel.unmount();
  vi.unstubAllGlobals();
});

describe("sending", () => {
  it("shows what the send takes, sends the saved node, then reads the history and the node again", async () => {
    await render(saved({ message: "س".repeat(71) }));
    expect(text("sms-send-estimate")).toBe(t.send.before(1, 2, 300));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/sms/9/history"]);
    expect(text("sms-history-empty")).toBe(t.history.empty);

    route = ({ method, url }) => {
      if (method === "POST" && url === "/api/sms/9/send") {
        history = [send(1)];
        return json(200, { status: "sent", message: SENT, send: send(1) });
      }
      if (url === "/api/sms/9") return nodeAfter("sent", SENT);
      return undefined;
    };
    click(button("sms-send-now"));
    expect(button("sms-send-now").textContent).toBe(t.send.sending);
    await settle();
    expect(calls.find((c) => c.url === "/api/sms/9/send")?.body).toEqual({});
    expect(text("sms-send-done")).toBe(SENT);
    expect(panel.host.querySelector('[data-send="1"]')?.textContent).toContain("در صف ارسال");
    expect(panel.form.draft.lastSendStatus).toBe("sent");
  });

  it("shows Kavenegar's refusal in Persian and keeps the refused send in view", async () => {
    await render(saved());
    const low = message("kavenegar_credit_insufficient", {});
    route = ({ method, url }) => {
      if (method === "POST" && url === "/api/sms/9/send") {
        history = [send(2, { status: "failed", provider_status: 418, response_message: low, entries: [{ receptor: "09123456789", message: "سلام" }] })];
        return json(424, { status: "failed", message: low, error: { code: "kavenegar_credit_insufficient", message: low, details: {} } });
      }
      if (url === "/api/sms/9") return nodeAfter("failed", low);
      return undefined;
    };
    click(button("sms-send-now"));
    await settle();
    expect(text("sms-send-error")).toBe(low);
    expect(byTestId("sms-send-error")?.getAttribute("role")).toBe("alert");
    const row = panel.host.querySelector('[data-send="2"]')!;
    expect(row.textContent).toContain(t.history.statuses.failed);
    expect(row.textContent).toContain(t.history.notSent);
    expect(row.querySelector('[data-testid="sms-delivery"]')).toBeNull();
    expect(panel.form.draft.lastResponseMessage).toBe(low);
  });

  it("waits for the node to be saved, and tests the key alone", async () => {
    await render(saved({ message: "" }));
    expect(button("sms-send-now").disabled).toBe(true);
    expect(button("sms-test").disabled).toBe(false);
    act(() => panel.form.update({ message: "سلام" }));
    expect(button("sms-send-now").disabled).toBe(true);
    expect(button("sms-test").disabled).toBe(true);
    expect(byTestId("sms-send")?.textContent).toContain(t.send.saveFirst);

    panel.unmount();
    await render(saved());
    const passed = "کلید کاوه‌نگار پذیرفته شد. اعتبار باقی‌ماندهٔ حساب: ۵۰۰۰ ریال.";
    route = ({ url }) => (url === "/api/sms/9/test" ? json(200, { status: "ok", message: passed, credit: 5000, account_type: "Master" }) : undefined);
    click(button("sms-test"));
    await settle();
    expect(text("sms-send-done")).toBe(passed);
    expect(calls.some((c) => c.url === "/api/sms/9/send")).toBe(false);
  });
});

describe("the history", () => {
  it("asks Kavenegar how a send was delivered, and forgets after a warning", async () => {
    history = [send(3)];
    await render(saved());
    route = ({ url, method }) => {
      if (url === "/api/sms/9/bulk-status/3") {
        const checked = send(3);
        checked.entries[0] = { ...checked.entries[0]!, status: 10, statustext: "رسیده به گیرنده" };
        return json(200, { ...checked, checked_at: "2025-03-21T09:00:00.000000Z" });
      }
      if (method === "DELETE" && url === "/api/sms/9/history") return json(200, { deleted: 1 });
      return undefined;
    };
    click(button("sms-delivery"));
    await settle();
    expect(panel.host.querySelector('[data-send="3"]')?.textContent).toContain("رسیده به گیرنده");

    click(button("sms-history-clear"));
    const dialog = panel.host.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain(t.history.confirmText);
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    click([...dialog.querySelectorAll("button")].find((b) => b.textContent === t.history.clear)!);
    await settle();
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/sms/9/history")).toBe(true);
    expect(text("sms-history-empty")).toBe(t.history.empty);
  });

  it("is not asked for a node the server has not stored", async () => {
    await render(flowNode("sms-temp-1", { apiKey: "", receptor: "09123456789", message: "سلام" }));
    expect(calls).toEqual([]);
    expect(byTestId("sms-history")).toBeNull();
    expect(byTestId("sms-send")?.textContent).toContain(t.send.unsaved);
  });
});

describe("bulk sending", () => {
  it("names the lines that are wrong, shows what the rest take, and sends them", async () => {
    await render(saved());
    typeInto(named("bulkLines"), "09123456789, سلام علی\n0812, سلام");
    expect(text("sms-bulk-problems")).toBe(t.bulk.lineProblem(2, message("phone_invalid", {})));
    expect(button("sms-bulk-send").disabled).toBe(true);

    typeInto(named("bulkLines"), "09123456789, سلام علی\n+989351112233، سلام سارا");
    typeInto(named("bulkSender"), "10004346");
    expect(byTestId("sms-bulk-problems")).toBeNull();
    expect(text("sms-bulk-estimate")).toBe(t.bulk.summary(2, 2, 300));
    route = ({ method, url }) => {
      if (method === "POST" && url === "/api/sms/9/send-bulk") return json(200, { status: "sent", message: "پیامک برای ۲ گیرنده فرستاده شد.", send: send(4, { origin: "bulk", method: "bulk" }) });
      if (url === "/api/sms/9") return nodeAfter("sent", "x");
      return undefined;
    };
    click(button("sms-bulk-send"));
    await settle();
    expect(calls.find((c) => c.url === "/api/sms/9/send-bulk")?.body).toEqual({
      messages: [
        { receptor: "09123456789", message: "سلام علی" },
        { receptor: "09351112233", message: "سلام سارا" },
      ],
      sender: "10004346",
    });
    expect(text("sms-bulk-done")).toBe("پیامک برای ۲ گیرنده فرستاده شد.");
    expect(named("bulkLines").value).toBe("");
  });
});

describe("the templates used", () => {
  it("are asked with the saved key by its node, and one click fills the name in", async () => {
    await render(saved({ sendMethod: "template", template: "", token: "1" }));
    const note = message("sms_templates_note", {});
    route = ({ url }) =>
      url === "/api/sms/templates"
        ? json(200, { templates: [{ name: "verify", sends: 2, last_sent_at: "2025-03-21T08:30:00.000000Z" }], note })
        : undefined;
    click(button("sms-templates-find"));
    await settle();
    expect(calls.find((c) => c.url === "/api/sms/templates")?.body).toEqual({ api_key: MASK, node_id: 9 });
    expect(text("sms-templates-note")).toBe(note);
    click(panel.host.querySelector('[data-template="verify"]'));
    expect(panel.form.draft.template).toBe("verify");
  });
});
