// Every modal dialog's shell: a backdrop over the page (a click on it
// closes), the dialog labelled by its title (and described by its text),
// Escape closes, focus goes to the answer `initialFocus` names (else the
// dialog) and back where it was once the dialog goes.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import styles from "./Modal.module.css";

type Props = {
  title: ReactNode;
  /** What the dialog says under its title (its accessible description). */
  text?: ReactNode;
  /** Escape and the backdrop call it; none while the dialog must be answered or is busy. */
  onClose?: () => void;
  /** A question that needs an answer (a confirmation), for screen readers. */
  alert?: boolean;
  size?: "small" | "medium" | "large";
  initialFocus?: RefObject<HTMLElement | null>;
  testId?: string;
  /** More attributes for the tests (`data-kind`, …). */
  data?: Record<`data-${string}`, string | number | undefined>;
  children?: ReactNode;
};

export function Modal({ title, text, onClose, alert = false, size = "small", initialFocus, testId, data, children }: Props) {
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    (initialFocus?.current ?? dialogRef.current)?.focus();
    return () => before?.focus?.();
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        ref={dialogRef}
        className={`${styles.dialog} ${styles[size]}`}
        role={alert ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={text ? textId : undefined}
        tabIndex={-1}
        data-testid={testId}
        {...data}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {text && (
          <p id={textId} className={styles.text}>
            {text}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

/** A dialog's row of answers. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
