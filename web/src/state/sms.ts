// Each SMS node's history as last read, by database id, so a panel that
// opens again shows it at once; and the panel's actions on the server
// (send, bulk send, clear, ask delivery), after which what they changed is
// read again: the history, and the node's last-send fields on the canvas.
import { atom, type Setter } from "jotai";
import { clearSmsHistory, sendSms, sendSmsBulk, smsDelivery, smsHistory } from "../api/sms";
import type { SmsBulkRequest, SmsHistory, SmsSendRequest } from "../api/types";
import { refreshNodesAtom } from "./canvas/refresh";
import { errorText } from "./notifications";

/** One node's history as last read, and why the last read failed (null when it did not). */
export type SmsHistoryEntry = { history: SmsHistory | null; error: string | null };

/** Every SMS node's history read so far, by database id. */
export const smsHistoryAtom = atom<ReadonlyMap<number, SmsHistoryEntry>>(new Map());

const put = (map: ReadonlyMap<number, SmsHistoryEntry>, id: number, entry: SmsHistoryEntry) =>
  new Map(map).set(id, entry);

/** Reads node `id`'s history; the last one read stays in view with the reason a new read failed. */
export const loadSmsHistoryAtom = atom(null, async (get, set, id: number, signal?: AbortSignal) => {
  try {
    const history = await smsHistory(id, signal);
    set(smsHistoryAtom, (map) => put(map, id, { history, error: null }));
  } catch (error) {
    if (signal?.aborted) return;
    const history = get(smsHistoryAtom).get(id)?.history ?? null;
    set(smsHistoryAtom, (map) => put(map, id, { history, error: errorText(error) }));
  }
});

/** Where a send goes: the canvas node and its database id. */
export type SmsTarget = { nodeId: string; id: number };

/**
 * After a send, kept by the server whether Kavenegar took it or not: the
 * history and the node's last-send fields are read again.
 */
async function afterSend(set: Setter, target: SmsTarget) {
  await Promise.all([set(loadSmsHistoryAtom, target.id), set(refreshNodesAtom, [target.nodeId])]);
}

/** Sends the node's message, with `body` standing in for saved values; a refusal fails with Kavenegar's reason. */
export const sendSmsAtom = atom(null, async (_get, set, target: SmsTarget, body: SmsSendRequest) => {
  try {
    return await sendSms(target.id, body);
  } finally {
    await afterSend(set, target);
  }
});

/** Sends one text per receptor in one call. */
export const sendSmsBulkAtom = atom(null, async (_get, set, target: SmsTarget, body: SmsBulkRequest) => {
  try {
    return await sendSmsBulk(target.id, body);
  } finally {
    await afterSend(set, target);
  }
});

/** Forgets the node's sends; fails with the server's reason. */
export const clearSmsHistoryAtom = atom(null, async (_get, set, id: number) => {
  await clearSmsHistory(id);
  set(smsHistoryAtom, (map) => put(map, id, { history: { sends: [], total: 0 }, error: null }));
});

/** Asks Kavenegar how send `sendId`'s messages were delivered and shows it in the history. */
export const checkSmsDeliveryAtom = atom(null, async (get, set, id: number, sendId: number) => {
  const checked = await smsDelivery(id, sendId);
  const entry = get(smsHistoryAtom).get(id);
  if (!entry?.history) return;
  const sends = entry.history.sends.map((s) => (s.id === checked.id ? checked : s));
  set(smsHistoryAtom, (map) => put(map, id, { ...entry, history: { ...entry.history!, sends } }));
});
