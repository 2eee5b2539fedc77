// Notifications: success or error, each gone after the spec's 5 seconds
// (constants().timings.notificationDurationMs from the rules package).
import { constants, message, type MessageCode } from "@dastyar/rules";
import { atom } from "jotai";
import { ApiError } from "../api/client";

export type NotificationKind = "success" | "error";
/** A link a notification may carry (the upgrade link after a limit, say). */
export type NotificationLink = { href: string; text: string };
export type Notification = {
  id: number;
  kind: NotificationKind;
  text: string;
  link?: NotificationLink;
};
/** What to show; `durationMs` overrides the usual 5 seconds. */
export type Notice = Omit<Notification, "id"> & { durationMs?: number };

/** How long a notification stays, in milliseconds. */
export const NOTIFICATION_DURATION_MS = constants().timings.notificationDurationMs;

let lastId = 0;

/** The notifications on screen, oldest first. */
export const notificationsAtom = atom<Notification[]>([]);

/** Removes one notification (its close button, or its timer). */
export const dismissNotificationAtom = atom(null, (get, set, id: number) => {
  set(
    notificationsAtom,
    get(notificationsAtom).filter((n) => n.id !== id),
  );
});

/** Shows a notification and removes it after NOTIFICATION_DURATION_MS; answers its id. */
export const notifyAtom = atom(
  null,
  (get, set, { durationMs = NOTIFICATION_DURATION_MS, ...notice }: Notice): number => {
    const id = ++lastId;
    set(notificationsAtom, [...get(notificationsAtom), { id, ...notice }]);
    setTimeout(() => set(dismissNotificationAtom, id), durationMs);
    return id;
  },
);

/**
 * The Persian text for a failure: the server's own message for an ApiError,
 * otherwise the catalogue's message for `fallback`.
 */
export function errorText(error: unknown, fallback: MessageCode = "internal_error"): string {
  if (error instanceof ApiError) return error.message;
  return message(fallback, {});
}
