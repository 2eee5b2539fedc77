// Showing notifications from components.
import type { MessageCode } from "@dastyar/rules";
import { useSetAtom } from "jotai";
import { useMemo } from "react";
import { errorText, notifyAtom } from "./notifications";

export function useNotify() {
  const notify = useSetAtom(notifyAtom);
  return useMemo(
    () => ({
      success: (text: string) => notify({ kind: "success", text }),
      /** An error's Persian text (see errorText), or the catalogue's `fallback` message. */
      error: (error: unknown, fallback?: MessageCode) =>
        notify({ kind: "error", text: errorText(error, fallback) }),
    }),
    [notify],
  );
}
