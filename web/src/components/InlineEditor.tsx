import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { fa } from "../i18n/fa";
import styles from "./InlineEditor.module.css";

type Props = {
  label: string;
  initial: string;
  name: string;
  placeholder?: string;
  busy: boolean;
  /** The Persian error for this value, beside the input. */
  error?: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
};

/** One value edited in place: an input with save and cancel (Escape cancels). */
export function InlineEditor({ label, initial, name, placeholder, busy, error, onSubmit, onCancel }: Props) {
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          ref={input}
          id={id}
          name={name}
          className="input"
          value={value}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") onCancel();
          }}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert" data-field-error={name}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={busy}>
          {fa.projects.save}
        </button>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          {fa.projects.cancel}
        </button>
      </div>
    </form>
  );
}
