// An SMS node's sends through Kavenegar: sending its message (the draft's
// receptors, text or tokens may stand in for the saved ones), testing its
// key, sending in bulk, its history, delivery, and the templates a key was
// used with. A refused send fails with Kavenegar's reason in Persian.
import type {
  SmsBulkRequest,
  SmsHistory,
  SmsHistoryCleared,
  SmsSendAnswer,
  SmsSendRequest,
  SmsSendView,
  SmsTemplates,
  SmsTemplatesRequest,
  SmsTestAnswer,
} from "./types";
import { request } from "./client";

/** Sends node `nodeId`'s message (or template) now. */
export function sendSms(nodeId: number, body: SmsSendRequest): Promise<SmsSendAnswer> {
  return request(`/sms/${nodeId}/send`, { method: "POST", body });
}

/** Whether Kavenegar knows the node's saved key, and the credit its account has left; nothing is sent. */
export function testSms(nodeId: number): Promise<SmsTestAnswer> {
  return request(`/sms/${nodeId}/test`, { method: "POST", body: {} });
}

/** One text per receptor in one call, from the body's line or the node's. */
export function sendSmsBulk(nodeId: number, body: SmsBulkRequest): Promise<SmsSendAnswer> {
  return request(`/sms/${nodeId}/send-bulk`, { method: "POST", body });
}

/** The node's latest sends, newest first (ten unless `limit` says). */
export function smsHistory(nodeId: number, signal?: AbortSignal, limit?: number): Promise<SmsHistory> {
  const query = limit === undefined ? "" : `?limit=${limit}`;
  return request(`/sms/${nodeId}/history${query}`, { signal });
}

/** Forgets the node's sends. */
export function clearSmsHistory(nodeId: number): Promise<SmsHistoryCleared> {
  return request(`/sms/${nodeId}/history`, { method: "DELETE" });
}

/** What Kavenegar says now of send `sendId`'s messages, kept on the send. */
export function smsDelivery(nodeId: number, sendId: number): Promise<SmsSendView> {
  return request(`/sms/${nodeId}/bulk-status/${sendId}`);
}

/** The templates sent successfully with the key (Kavenegar itself lists none), and a note saying so. */
export function smsTemplates(body: SmsTemplatesRequest): Promise<SmsTemplates> {
  return request("/sms/templates", { method: "POST", body });
}
