import { Field, type FieldProps } from "./Field";
import styles from "./fields.module.css";

type Props = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  rows?: number;
  ltr?: boolean;
  /** Free text in either language: its first strong letter sets the direction. */
  autoDir?: boolean;
  name?: string;
};

export function TextArea({ value, onChange, placeholder, rows = 4, ltr, autoDir, name, ...field }: Props) {
  return (
    <Field {...field}>
      {(id, describedBy) => (
        <textarea
          id={id}
          name={name}
          className={styles.input}
          rows={rows}
          dir={ltr ? "ltr" : autoDir ? "auto" : undefined}
          value={value}
          placeholder={placeholder}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
