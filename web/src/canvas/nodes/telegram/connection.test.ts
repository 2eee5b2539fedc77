import { constants, message } from "@dastyar/rules";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BotStatus } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import {
  canConnect,
  connectLabel,
  isConnected,
  lastError,
  modeText,
  scheduleOwnershipNotice,
  statusFacts,
} from "./connection";

const t = fa.nodes.telegram.connection;
const MASK = `${constants().secretMask}6789`;
const LATIN_DIGIT = /[0-9]/;

const status = (extra: Partial<BotStatus> = {}): BotStatus => ({
  node_id: 9,
  mode: "webhook",
  pending_updates: 0,
  ...extra,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("modeText", () => {
  it("puts every mode the server reports in Persian words", () => {
    expect(modeText("webhook")).toBe(t.modes.webhook);
    expect(modeText("polling")).toBe(t.modes.polling);
    expect(modeText("disconnected")).toBe(t.modes.disconnected);
    expect(modeText("not_connected")).toBe(t.modes.not_connected);
  });
});

describe("isConnected and connectLabel", () => {
  it("count webhook and polling as connected", () => {
    expect(isConnected("webhook")).toBe(true);
    expect(isConnected("polling")).toBe(true);
    expect(isConnected("disconnected")).toBe(false);
    expect(isConnected("not_connected")).toBe(false);
    expect(isConnected(undefined)).toBe(false);
  });

  it("offer a first connection, or connecting again", () => {
    expect(connectLabel(undefined)).toBe(t.connect);
    expect(connectLabel("not_connected")).toBe(t.connect);
    expect(connectLabel("disconnected")).toBe(t.connect);
    expect(connectLabel("webhook")).toBe(t.reconnectWebhook);
    expect(connectLabel("polling")).toBe(t.reconnect);
  });
});

describe("canConnect", () => {
  it("wants a stored node whose token is saved", () => {
    expect(canConnect(9, MASK, MASK)).toBe(true);
    expect(canConnect(null, MASK, MASK)).toBe(false);
    expect(canConnect(9, "", "")).toBe(false);
  });

  it("waits while another token is typed and not saved", () => {
    expect(canConnect(9, MASK, "")).toBe(false);
    expect(canConnect(9, MASK, "123456:ABCdefGHIjklMNOpqrSTUvwxYZ0123456789")).toBe(false);
    // Not saved yet: the canvas holds what was typed, not a mask.
    expect(canConnect(9, "123456:ABC", "123456:ABC")).toBe(false);
  });
});

describe("statusFacts", () => {
  it("names the mode and the owner", () => {
    expect(statusFacts(status({ owner: "Sara" }))).toEqual([
      { field: "mode", term: t.mode, value: t.modes.webhook },
      { field: "owner", term: t.owner, value: "Sara" },
    ]);
  });

  it("says nobody has written yet when no owner is registered", () => {
    const facts = statusFacts(status({ mode: "not_connected" }));
    expect(facts.find((f) => f.field === "owner")?.value).toBe(t.noOwner);
    expect(statusFacts(status({ owner: "  " })).find((f) => f.field === "owner")?.value).toBe(t.noOwner);
  });

  it("shows the backlog only when Telegram holds updates, in Persian digits", () => {
    expect(statusFacts(status()).some((f) => f.field === "pending_updates")).toBe(false);
    const pending = statusFacts(status({ pending_updates: 1250 })).find((f) => f.field === "pending_updates");
    expect(pending?.value).toBe(t.pendingCount(1250));
    expect(String(pending?.value)).toContain("۱٬۲۵۰");
    expect(String(pending?.value)).not.toMatch(LATIN_DIGIT);
  });
});

describe("lastError", () => {
  it("is null when nothing failed", () => {
    expect(lastError(status())).toBeNull();
    expect(lastError(status({ last_error: " " }))).toBeNull();
  });

  it("keeps the text and gives its time on the Jalali calendar", () => {
    const found = lastError(status({ last_error: "Connection timed out", last_error_at: "2025-03-21T08:00:00Z" }));
    expect(found?.text).toBe("Connection timed out");
    expect(found?.at).toMatch(/^زمان: /);
    expect(found?.at).toContain("۱۴۰۴");
    expect(found?.at).not.toMatch(LATIN_DIGIT);
  });

  it("has no time when the server gave none", () => {
    expect(lastError(status({ last_error: "x" }))).toEqual({ text: "x", at: null });
    expect(lastError(status({ last_error: "x", last_error_at: "not a date" }))).toEqual({ text: "x", at: null });
  });
});

describe("scheduleOwnershipNotice", () => {
  it("shows the catalogue's notice after the spec's delay, for the spec's duration", () => {
    vi.useFakeTimers();
    const { telegramNoticeDelayMs, telegramNoticeDurationMs } = constants().timings;
    expect([telegramNoticeDelayMs, telegramNoticeDurationMs]).toEqual([1_000, 15_000]);
    const notify = vi.fn();
    scheduleOwnershipNotice(notify);
    vi.advanceTimersByTime(telegramNoticeDelayMs - 1);
    expect(notify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(notify).toHaveBeenCalledExactlyOnceWith({
      kind: "success",
      text: message("telegram_ownership_notice", {}),
      durationMs: telegramNoticeDurationMs,
    });
  });
});
