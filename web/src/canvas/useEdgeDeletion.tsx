// Deleting edges from the canvas: those the rules warn about (an active
// frame, a trigger, a template SMS) are confirmed first.
import type { Notice } from "@dastyar/rules";
import { useSetAtom } from "jotai";
import { useCallback, useState, type ReactNode } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { fa } from "../i18n/fa";
import { deleteEdgeAtom, edgeWarningAtom } from "../state/canvas";

export function useEdgeDeletion(): { requestEdgeDeletion: (id: string) => void; confirmation: ReactNode } {
  const warningOf = useSetAtom(edgeWarningAtom);
  const deleteEdge = useSetAtom(deleteEdgeAtom);
  const [pending, setPending] = useState<{ id: string; warning: Notice } | null>(null);

  const requestEdgeDeletion = useCallback(
    (id: string) => {
      const warning = warningOf(id);
      if (warning) setPending({ id, warning });
      else void deleteEdge(id);
    },
    [warningOf, deleteEdge],
  );

  const confirmation = pending && (
    <ConfirmDialog
      title={fa.canvas.confirmDisconnectTitle}
      text={pending.warning.message}
      confirmLabel={fa.canvas.confirmDisconnect}
      onConfirm={() => {
        void deleteEdge(pending.id);
        setPending(null);
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { requestEdgeDeletion, confirmation };
}
