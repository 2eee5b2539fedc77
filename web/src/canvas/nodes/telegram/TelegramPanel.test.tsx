// @vitest-environment happy-dom
import { constants, message } from "@dastyar/rules";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { flowNode } from "../../../state/canvas/testFixtures";
import { notificationsAtom } from "../../../state/notifications";
import type { FlowNode } from "../../model";
import { click, failed, renderPanel, routedFetch, settle, typeInto, type Call, type PanelView, type Route } from "../../panels/panelTesting";
import { TelegramPanel } from "./TelegramPanel";

const t = fa.nodes.telegram;
const MASK = `${constants().secretMask}6789`;
const TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ0123456789";
const WEBHOOK = "https://dastyar.example/api/telegram/webhook/9";

const sara = {
  chat_id: 42,
  name: "سارا",
  username: "sara_k",
  messages: 12,
  first_seen: "2025-03-20T08:00:00Z",
  last_seen: "2025-03-21T08:00:00Z",
};
const reza = { chat_id: 43, name: "Reza", messages: 1, first_seen: "2025-03-21T09:00:00Z", last_seen: "2025-03-21T09:00:00Z" };

let calls: Call[];
let route: Route;
let panel: PanelView<"telegram">;

/** What a connected bot with two people answers, where `route` does not. */
const connectedBot: Route = ({ url }) => {
  if (url === "/api/telegram/test-connection") {
    return json(200, { node_id: 9, mode: "webhook", webhook_url: WEBHOOK, pending_updates: 0, owner: "سارا" });
  }
  if (url === "/api/telegram/9/users") return json(200, { owner: sara, users: [reza, sara] });
  return undefined;
};

async function render(node: FlowNode) {
  panel = await renderPanel(TelegramPanel, node);
}

const saved = (data: Record<string, unknown> = {}) =>
  flowNode("telegram-9", { label: "Shop bot", bot_token: MASK, bot_username: "shop_bot", bot_name: "Shop", webhook_url: WEBHOOK, ...data });

const byTestId = (id: string) => panel.host.querySelector(`[data-testid="${id}"]`);
const button = (id: string) => byTestId(id) as HTMLButtonElement;
const text = (id: string) => byTestId(id)?.textContent ?? "";
const fact = (field: string) => panel.host.querySelector(`[data-fact="${field}"] dd`)?.textContent ?? null;

beforeEach(() => {
  route = () => undefined;
  window.localStorage.clear();
  calls = routedFetch((call) => route(call), connectedBot);
});

afterEach(() => {
  panel.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the connection's health", () => {
  it("is asked when the panel opens for a stored node, in Persian words", async () => {
    await render(saved());
    expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
      "GET /api/telegram/9/users",
      "POST /api/telegram/test-connection",
    ]);
    expect(calls.find((c) => c.url === "/api/telegram/test-connection")?.body).toEqual({ node_id: 9 });
    expect(fact("mode")).toBe(t.connection.modes.webhook);
    expect(fact("owner")).toBe("سارا");
    expect(fact("pending_updates")).toBeNull();
    expect(byTestId("telegram-last-error")).toBeNull();
    expect(button("telegram-disconnect")).not.toBeNull();
  });

  it("says nobody has written yet, the backlog, and the last error prominently with its time", async () => {
    route = (call) =>
      call.url === "/api/telegram/test-connection"
        ? json(200, {
            node_id: 9,
            mode: "webhook",
            pending_updates: 3,
            last_error: "Connection timed out",
            last_error_at: "2025-03-21T08:00:00Z",
          })
        : call.url === "/api/telegram/9/users"
          ? json(200, { users: [] })
          : undefined;
    await render(saved());
    expect(fact("owner")).toBe(t.connection.noOwner);
    expect(fact("pending_updates")).toBe(t.connection.pendingCount(3));
    const alert = byTestId("telegram-last-error")!;
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toContain("Connection timed out");
    expect(alert.textContent).toContain("۱۴۰۴");
    expect(text("telegram-users")).toContain(t.users.empty);
  });

  it("is not asked for a node the server has not stored", async () => {
    await render(flowNode("telegram-temp-1", { bot_token: TOKEN }));
    expect(calls).toEqual([]);
    expect(panel.host.textContent).toContain(t.connection.unsaved);
  });

  it("shows the server's Persian message when Telegram cannot be asked, and asks again on refresh", async () => {
    const unreachable = message("telegram_unreachable", {});
    route = (call) => (call.url === "/api/telegram/test-connection" ? failed(424, "telegram_unreachable", unreachable) : undefined);
    await render(saved());
    expect(text("telegram-status-error")).toBe(unreachable);
    expect(byTestId("telegram-status-error")?.getAttribute("role")).toBe("alert");

    route = () => undefined;
    click(byTestId("telegram-refresh"));
    expect(button("telegram-refresh").disabled).toBe(true);
    await settle();
    expect(fact("mode")).toBe(t.connection.modes.webhook);
    expect(calls.filter((c) => c.url === "/api/telegram/test-connection")).toHaveLength(2);
    expect(button("telegram-refresh").disabled).toBe(false);
  });
});

describe("the bot's people", () => {
  it("are listed with @username left to right, Persian digits, and the owner marked", async () => {
    await render(saved());
    const rows = [...panel.host.querySelectorAll('[data-testid="telegram-user"]')];
    expect(rows.map((r) => r.getAttribute("data-chat-id"))).toEqual(["43", "42"]);
    const owner = rows[1]!;
    expect(owner.getAttribute("data-owner")).toBe("true");
    expect(owner.textContent).toContain(t.users.owner);
    expect(owner.querySelector('[dir="ltr"]')?.textContent).toBe("@sara_k");
    expect(owner.querySelector('[data-testid="telegram-user-messages"]')?.textContent).toBe("۱۲ پیام");
    expect(owner.textContent).not.toMatch(/[0-9]/);
    expect(rows[0]!.getAttribute("data-owner")).toBeNull();
    expect(rows[0]!.querySelector('[dir="ltr"]')).toBeNull();
  });
});

describe("connecting", () => {
  it("posts retry-webhook, takes the answered node, asks the status again and schedules the ownership notice", async () => {
    route = (call) =>
      call.url === "/api/telegram/test-connection" && calls.length <= 2
        ? json(200, { node_id: 9, mode: "not_connected", pending_updates: 0 })
        : undefined;
    await render(saved({ bot_username: "", bot_name: "", webhook_url: undefined }));
    expect(button("telegram-connect").textContent).toBe(t.connection.connect);
    expect(byTestId("telegram-disconnect")).toBeNull();

    let answer!: (response: Response) => void;
    route = (call) =>
      call.url === "/api/telegram/retry-webhook"
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined;
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    click(byTestId("telegram-connect"));
    // Busy: no second connection, no disconnect meanwhile.
    expect(button("telegram-connect").disabled).toBe(true);
    expect(button("telegram-connect").textContent).toBe(t.connection.connecting);
    expect(calls.at(-1)).toEqual({ method: "POST", url: "/api/telegram/retry-webhook", body: { node_id: 9 } });

    const view = {
      id: "telegram-9",
      database_id: 9,
      type: "telegram",
      position: { x: 0, y: 0 },
      data: { ...saved().data, bot_username: "shop_bot", bot_name: "Shop", webhook_url: WEBHOOK },
    };
    await act(async () => {
      answer(json(200, view));
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(panel.store.get(nodesAtom)[0]!.data).toMatchObject({ bot_username: "shop_bot", webhook_url: WEBHOOK });
    expect(text("telegram-connection-done")).toBe(t.connection.connected);
    expect(calls.filter((c) => c.url === "/api/telegram/test-connection")).toHaveLength(2);

    // The notice: not before a second has passed, then for fifteen.
    expect(panel.store.get(notificationsAtom)).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(panel.store.get(notificationsAtom)).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(panel.store.get(notificationsAtom).map((n) => n.text)).toEqual([message("telegram_ownership_notice", {})]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(14_999);
    });
    expect(panel.store.get(notificationsAtom)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(panel.store.get(notificationsAtom)).toEqual([]);
    expect(button("telegram-connect").disabled).toBe(false);
  });

  it("shows the server's Persian message when it fails, and no notice", async () => {
    const taken = message("telegram_bot_taken", {});
    route = (call) => (call.url === "/api/telegram/retry-webhook" ? failed(409, "telegram_bot_taken", taken) : undefined);
    await render(saved());
    click(byTestId("telegram-connect"));
    await settle();
    expect(text("telegram-connection-error")).toBe(taken);
    expect(byTestId("telegram-connection-error")?.getAttribute("role")).toBe("alert");
    expect(button("telegram-connect").disabled).toBe(false);
    expect(panel.store.get(notificationsAtom)).toEqual([]);
  });

  it("waits for the token to be saved", async () => {
    await render(saved({ bot_token: "" }));
    expect(button("telegram-connect").disabled).toBe(true);
    expect(panel.host.textContent).toContain(t.connection.saveTokenFirst);
  });

  it("waits while another token is typed over the saved one", async () => {
    await render(saved());
    act(() => panel.form.update({ bot_token: TOKEN }));
    expect(button("telegram-connect").disabled).toBe(true);
  });
});

describe("disconnecting", () => {
  it("warns first, then deletes with operation=disconnect, reads the node again and the status", async () => {
    await render(saved());
    click(byTestId("telegram-disconnect"));
    const dialog = panel.host.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain(t.connection.confirmText);
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    // Cancelling leaves the bot connected.
    click([...dialog.querySelectorAll("button")].find((b) => b.textContent === fa.projects.cancel)!);
    expect(panel.host.querySelector('[role="alertdialog"]')).toBeNull();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    route = (call) => {
      if (call.method === "DELETE") return json(200, { success: true });
      if (call.url === "/api/telegram/9") return json(200, { id: "telegram-9", database_id: 9, type: "telegram", position: { x: 0, y: 0 }, data: { ...saved().data, webhook_url: undefined } });
      if (call.url === "/api/telegram/test-connection" && calls.some((c) => c.method === "DELETE")) {
        return json(200, { node_id: 9, mode: "disconnected", pending_updates: 0, owner: "سارا" });
      }
      return undefined;
    };
    click(byTestId("telegram-disconnect"));
    click([...panel.host.querySelectorAll('[role="alertdialog"] button')].find((b) => b.textContent === t.connection.disconnect)!);
    await settle();
    expect(calls.find((c) => c.method === "DELETE")?.url).toBe("/api/telegram/9?operation=disconnect");
    expect(calls.some((c) => c.method === "GET" && c.url === "/api/telegram/9")).toBe(true);
    expect(panel.store.get(nodesAtom)[0]!.data).not.toHaveProperty("webhook_url");
    expect(panel.host.querySelector('[role="alertdialog"]')).toBeNull();
    expect(fact("mode")).toBe(t.connection.modes.disconnected);
    expect(byTestId("telegram-disconnect")).toBeNull();
    expect(text("telegram-connection-done")).toBe(t.connection.disconnected);
  });

  it("shows the server's Persian message when Telegram refuses", async () => {
    const refused = "تلگرام درخواست را نپذیرفت: Unauthorized";
    route = (call) => (call.method === "DELETE" ? failed(424, "telegram_refused", refused) : undefined);
    await render(saved());
    click(byTestId("telegram-disconnect"));
    click([...panel.host.querySelectorAll('[role="alertdialog"] button')].find((b) => b.textContent === t.connection.disconnect)!);
    await settle();
    expect(text("telegram-connection-error")).toBe(refused);
    expect(panel.host.querySelector('[role="alertdialog"]')).toBeNull();
  });
});

describe("checking a token", () => {
  it("asks check-token with the typed token and fills the username and name", async () => {
    route = (call) =>
      call.url === "/api/telegram/check-token" ? json(200, { id: 123456, username: "new_shop_bot", name: "فروشگاه" }) : undefined;
    await render(saved({ bot_token: "", bot_username: "", bot_name: "" }));
    const check = button("telegram-check-token");
    expect(check.disabled).toBe(true);
    typeInto(panel.host.querySelector('input[name="bot_token"]') as HTMLInputElement, TOKEN);
    expect(button("telegram-check-token").disabled).toBe(false);
    click(byTestId("telegram-check-token"));
    expect(button("telegram-check-token").disabled).toBe(true);
    await settle();
    expect(calls.find((c) => c.url === "/api/telegram/check-token")).toEqual({
      method: "POST",
      url: "/api/telegram/check-token",
      body: { bot_token: TOKEN },
    });
    expect(panel.form.draft).toMatchObject({ bot_token: TOKEN, bot_username: "new_shop_bot", bot_name: "فروشگاه" });
    expect(text("telegram-token-valid")).toBe(t.tokenCheck.valid("new_shop_bot", "فروشگاه"));
    expect(button("telegram-check-token").disabled).toBe(false);
  });

  it("shows the server's Persian message for a token Telegram does not know", async () => {
    const rejected = message("telegram_token_rejected", {});
    route = (call) =>
      call.url === "/api/telegram/check-token" ? failed(422, "telegram_token_rejected", rejected, { field: "bot_token" }) : undefined;
    await render(saved({ bot_token: "" }));
    typeInto(panel.host.querySelector('input[name="bot_token"]') as HTMLInputElement, TOKEN);
    click(byTestId("telegram-check-token"));
    await settle();
    expect(text("telegram-token-error")).toBe(rejected);
    expect(panel.form.draft.bot_username).toBe("shop_bot");
    // Another token: what was said of the old one goes.
    typeInto(panel.host.querySelector('input[name="bot_token"]') as HTMLInputElement, `${TOKEN}x`);
    expect(byTestId("telegram-token-error")).toBeNull();
  });

  it("is not offered for the saved token's mask", async () => {
    await render(saved());
    expect(button("telegram-check-token").disabled).toBe(true);
    expect(panel.host.textContent).toContain(t.tokenCheck.savedToken);
  });
});
