// The question before a delete that takes edges or several nodes (see
// state/canvas/deleteRequest.ts), with "don't ask again" for this page's life.
import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { fa } from "../i18n/fa";
import { answerDeleteAtom, pendingDeleteAtom, type PendingDelete } from "../state/canvas/deleteRequest";
import styles from "./DeleteConfirmation.module.css";

export function DeleteConfirmation() {
  const pending = useAtomValue(pendingDeleteAtom);
  // A new question starts with the box unticked.
  return pending ? <Question key={pending.ids.join(" ")} pending={pending} /> : null;
}

function Question({ pending }: { pending: PendingDelete }) {
  const answer = useSetAtom(answerDeleteAtom);
  const [dontAskAgain, setDontAskAgain] = useState(false);
  const t = fa.canvas.confirmDelete;
  return (
    <ConfirmDialog
      title={t.title(pending.ids.length)}
      text={t.text(pending.labels, pending.edges)}
      confirmLabel={t.confirm}
      onConfirm={() => answer({ confirm: true, dontAskAgain })}
      onCancel={() => answer({ confirm: false })}
    >
      <label className={styles.again}>
        <input type="checkbox" checked={dontAskAgain} onChange={(e) => setDontAskAgain(e.target.checked)} />
        {t.dontAskAgain}
      </label>
    </ConfirmDialog>
  );
}
