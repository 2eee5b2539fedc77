// A token, key or password. The server never sends a saved one back, only
// its mask (••••1234): the mask is shown read-only, and sent back unchanged
// it keeps the saved value. "Replace" empties the field for a new value;
// "keep" brings the mask back.
import { constants } from "@dastyar/rules";
import { useState } from "react";
import { fa } from "../../../i18n/fa";
import { Field, type FieldProps } from "./Field";
import styles from "./fields.module.css";

const MASK = constants().secretMask;
const t = fa.canvas.secret;

/** Whether `value` is the mask of a saved secret. */
export function isSecretMask(value: string): boolean {
  return value.startsWith(MASK);
}

type Props = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  /** Show what is typed instead of dots. */
  shown?: boolean;
  name?: string;
};

export function SecretInput({ value, onChange, shown, name, hint, ...field }: Props) {
  // The mask being replaced, to bring back on "keep".
  const [replaced, setReplaced] = useState<string | null>(null);
  const saved = isSecretMask(value);
  const replacing = !saved && replaced !== null && value === "";
  return (
    <Field {...field} hint={saved ? t.saved : replacing ? t.replacing : hint}>
      {(id, describedBy) => (
        <div className={styles.secret}>
          <input
            id={id}
            name={name}
            className={styles.input}
            // The mask is safe to show; a value being typed is dotted unless asked.
            type={saved || shown ? "text" : "password"}
            dir="ltr"
            value={value}
            readOnly={saved}
            data-saved={saved ? "true" : undefined}
            aria-invalid={field.error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
          {saved ? (
            <button
              type="button"
              className="button button-quiet"
              onClick={() => {
                setReplaced(value);
                onChange("");
              }}
            >
              {t.replace}
            </button>
          ) : replacing ? (
            <button type="button" className="button button-quiet" onClick={() => onChange(replaced)}>
              {t.keep}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
