import { useEffect, useId, useRef, type ReactNode } from "react";
import { fa } from "../i18n/fa";
import styles from "./ConfirmDialog.module.css";

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
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onCancel();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onCancel]);

  return (
    <div className={styles.backdrop} onClick={onCancel}>
      <div
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p id={textId} className={styles.text}>
          {text}
        </p>
        {children}
        <div className={styles.actions}>
          <button type="button" className="button button-danger" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
          <button ref={cancelRef} type="button" className="button button-quiet" onClick={onCancel}>
            {fa.projects.cancel}
          </button>
        </div>
      </div>
    </div>
  );
}
