import { Field, type FieldProps } from "./Field";
import styles from "./fields.module.css";

type Props = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  rows?: number;
  ltr?: boolean;
  name?: string;
};

export function TextArea({ value, onChange, placeholder, rows = 4, ltr, name, ...field }: Props) {
  return (
    <Field {...field}>
      {(id, describedBy) => (
        <textarea
          id={id}
          name={name}
          className={styles.input}
          rows={rows}
          dir={ltr ? "ltr" : undefined}
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
