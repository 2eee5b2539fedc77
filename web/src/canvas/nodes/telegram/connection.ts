// What the telegram panel shows of a bot's connection, worked out apart
// from React so it can be tested: the mode in words, the status as facts,
// which buttons apply, and the ownership notice after a connection.
import { constants, message } from "@dastyar/rules";
import type { BotMode, BotStatus } from "../../../api/types";
import { formatJalaliDate } from "../../../format/date";
import { fa } from "../../../i18n/fa";
import type { Notice } from "../../../state/notifications";
import type { Fact } from "../../panels/fields/Facts";
import { isSecretMask } from "../../panels/fields/SecretInput";

const t = fa.nodes.telegram.connection;

/** Every mode in words: the record's type makes a new mode a compile error here. */
const MODE_WORDS: Record<BotMode, string> = t.modes;

/** The mode in Persian words. */
export function modeText(mode: BotMode): string {
  return MODE_WORDS[mode];
}

/** Whether Telegram is sending the bot's messages to us (so there is something to disconnect). */
export function isConnected(mode: BotMode | undefined): boolean {
  return mode === "webhook" || mode === "polling";
}

/**
 * What the connect button says: a first connection, or connecting again
 * (the server's telegram_webhook_moved names "reconnect webhook").
 */
export function connectLabel(mode: BotMode | undefined): string {
  if (mode === "webhook") return t.reconnectWebhook;
  if (mode === "polling") return t.reconnect;
  return t.connect;
}

/**
 * Whether the bot can be connected: the node is stored and its token saved.
 * The server connects with the saved token (the canvas node holds only its
 * mask), so a token typed in the draft but not saved yet must be saved first.
 */
export function canConnect(databaseId: number | null, savedToken: string, draftToken: string): boolean {
  return databaseId !== null && isSecretMask(savedToken) && draftToken === savedToken;
}

/** The status as read-only facts: the mode, the owner (or that none is registered), the backlog when there is one. */
export function statusFacts(status: BotStatus): Fact[] {
  const facts: Fact[] = [
    { field: "mode", term: t.mode, value: modeText(status.mode) },
    { field: "owner", term: t.owner, value: status.owner?.trim() || t.noOwner },
  ];
  if (status.pending_updates > 0) {
    facts.push({ field: "pending_updates", term: t.pending, value: t.pendingCount(status.pending_updates) });
  }
  return facts;
}

/** The last error and when it happened, or null when there was none. */
export function lastError(status: BotStatus): { text: string; at: string | null } | null {
  const text = status.last_error?.trim();
  if (!text) return null;
  const at = status.last_error_at ? formatJalaliDate(status.last_error_at, { withTime: true }) : "";
  return { text, at: at ? t.lastErrorAt(at) : null };
}

/**
 * After a successful connection: the spec's ownership notice (send the bot
 * one message so its owner is registered), shown after
 * telegramNoticeDelayMs and kept for telegramNoticeDurationMs. The timer is
 * not cancelled when the panel closes: the connection happened all the same.
 */
export function scheduleOwnershipNotice(notify: (notice: Notice) => void): void {
  const { telegramNoticeDelayMs, telegramNoticeDurationMs } = constants().timings;
  setTimeout(
    () =>
      notify({
        kind: "success",
        text: message("telegram_ownership_notice", {}),
        durationMs: telegramNoticeDurationMs,
      }),
    telegramNoticeDelayMs,
  );
}
