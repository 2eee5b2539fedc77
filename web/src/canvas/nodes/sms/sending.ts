// What the SMS panel works out before it calls the server, apart from React
// so it can be tested: what a send of the draft takes (core's segment and
// cost rule, through the rules package), whether it can be sent now, the
// bulk lines read into messages, and a send of the history in words.
import { estimateSms, normalizeIranianMobile, normalizeReceptors, type Problem, type SmsData } from "@dastyar/rules";
import type { SmsBulkMessage, SmsSendView } from "../../../api/types";
import { formatJalaliDate } from "../../../format/date";
import { fa } from "../../../i18n/fa";

const t = fa.nodes.sms;

/** What sending the draft takes: receptors, and (simple method) the parts and cost for all of them. */
export type SendEstimate = { receptors: number; segments: number | null; cost: number | null };

/** Null while the receptors are not valid; a template's parts are known only once Kavenegar fills it in. */
export function sendEstimate(draft: SmsData, premium: boolean): SendEstimate | null {
  const receptors = normalizeReceptors(draft.receptor);
  if (!receptors.ok) return null;
  const count = receptors.value.length;
  if (draft.sendMethod === "template") return { receptors: count, segments: null, cost: null };
  const one = estimateSms(draft.message, premium);
  return { receptors: count, segments: one.segments * count, cost: one.cost * count };
}

/** The estimate in words, shown beside the send button. */
export function estimateText(estimate: SendEstimate): string {
  if (estimate.segments === null || estimate.cost === null) return t.send.templateBefore(estimate.receptors);
  return t.send.before(estimate.receptors, estimate.segments, estimate.cost);
}

/**
 * Whether the node can be sent from now: the server sends its saved
 * configuration, so the node must be stored and the draft saved; a send
 * needs the configuration complete, a test only the key.
 */
export type Readiness = "unsaved" | "dirty" | "incomplete" | "ready";

export function readiness(databaseId: number | null, dirty: boolean, missing: readonly Problem[]): Readiness {
  if (databaseId === null) return "unsaved";
  if (dirty) return "dirty";
  return missing.length > 0 ? "incomplete" : "ready";
}

/** Why the buttons wait, in words (none when ready). */
export function readinessText(state: Readiness): string | null {
  switch (state) {
    case "unsaved":
      return t.send.unsaved;
    case "dirty":
      return t.send.saveFirst;
    case "incomplete":
      return t.send.incomplete;
    case "ready":
      return null;
  }
}

/** Bulk lines read: the messages, and what is wrong with the lines that are not (in Persian, by line). */
export type BulkLines = { messages: SmsBulkMessage[]; problems: string[] };

/** A number and a text per line, split at the first comma (Latin or Persian) or tab; blank lines are skipped. */
export function parseBulk(text: string): BulkLines {
  const messages: SmsBulkMessage[] = [];
  const problems: string[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const at = raw.search(/[,\u060C\t]/);
    const message = at < 0 ? "" : raw.slice(at + 1).trim();
    if (at < 0 || message === "") {
      problems.push(t.bulk.lineInvalid(line));
      return;
    }
    const receptor = normalizeIranianMobile(raw.slice(0, at));
    if (receptor.ok) messages.push({ receptor: receptor.value, message });
    else problems.push(t.bulk.lineProblem(line, receptor.error.message));
  });
  return { messages, problems };
}

/** What the bulk messages take together: their count, parts and cost. */
export function bulkEstimate(messages: readonly SmsBulkMessage[], premium: boolean) {
  let segments = 0;
  let cost = 0;
  for (const m of messages) {
    const one = estimateSms(m.message, premium);
    segments += one.segments;
    cost += one.cost;
  }
  return { count: messages.length, segments, cost };
}

/** A send's headline: when, from where, how it went, to how many, its parts and what Kavenegar charged. */
export function sendHeadline(send: SmsSendView): string {
  const parts = [
    formatJalaliDate(send.created_at, { withTime: true }),
    t.history.origins[send.origin],
    t.history.statuses[send.status] ?? send.status,
    t.history.receptors(send.entries.length),
  ];
  if (send.segments > 0) parts.push(t.history.segments(send.segments));
  if (send.cost > 0) parts.push(t.history.cost(send.cost));
  return parts.join(" · ");
}

/** Each receptor with Kavenegar's word for its message (or that it was not sent). */
export function deliveryRows(send: SmsSendView): { receptor: string; text: string }[] {
  return send.entries.map((e) => ({ receptor: e.receptor, text: e.statustext ?? t.history.notSent }));
}

/** Whether Kavenegar took any of the send's messages (so their delivery can be asked). */
export const hasDelivery = (send: SmsSendView): boolean => send.entries.some((e) => e.messageid != null);
