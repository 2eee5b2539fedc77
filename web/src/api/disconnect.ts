// The spec's dedicated disconnect calls for trigger and SMS links (they also
// stop what the link ran); every other edge goes through DELETE /edges/{id}.
import { ApiError, request } from "./client";

async function goneIsDone(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function disconnectTrigger(triggerId: number): Promise<void> {
  return goneIsDone(request(`/trigger/${triggerId}/disconnect-assistant`, { method: "DELETE" }));
}

export function disconnectSms(smsId: number): Promise<void> {
  return goneIsDone(request(`/sms/${smsId}/disconnect-assistant`, { method: "DELETE" }));
}
