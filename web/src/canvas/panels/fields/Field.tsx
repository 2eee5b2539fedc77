import { useId, type ReactNode } from "react";
import styles from "./fields.module.css";
import { HintText } from "./HintText";

export type FieldProps = {
  label: string;
  hint?: string;
  /** The Persian problem to show under the field. */
  error?: string;
};

/** A labelled control with its hint and problem; `children` gets the control's id. */
export function Field({ label, hint, error, children }: FieldProps & { children: (id: string, describedBy?: string) => ReactNode }) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={styles.field} data-invalid={error ? "true" : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children(id, error || hint ? noteId : undefined)}
      {error ? (
        <p id={noteId} className={styles.error} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className={styles.hint}>
          <HintText text={hint} />
        </p>
      ) : null}
    </div>
  );
}
