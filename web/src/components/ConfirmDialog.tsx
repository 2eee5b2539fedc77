import { useRef, type ReactNode } from "react";
import { fa } from "../i18n/fa";
import { Modal, ModalActions } from "./Modal";

type Props = {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** More to answer before confirming (a "don't ask again" box). */
  children?: ReactNode;
};

/** A modal question with a dangerous answer and a way out (Escape or the cancel button). */
export function ConfirmDialog({ title, text, confirmLabel, busy = false, onConfirm, onCancel, children }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={title} text={text} onClose={onCancel} alert initialFocus={cancelRef}>
      {children}
      <ModalActions>
        <button type="button" className="button button-danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="button button-quiet" onClick={onCancel}>
          {fa.projects.cancel}
        </button>
      </ModalActions>
    </Modal>
  );
}
