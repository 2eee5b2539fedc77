import { Field, type FieldProps } from "./Field";
import styles from "./fields.module.css";

type Props = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Left to right (addresses, keys, code). */
  ltr?: boolean;
  /** Free text in either language: its first strong letter sets the direction. */
  autoDir?: boolean;
  type?: "text" | "password" | "url" | "tel";
  name?: string;
};

export function TextInput({ value, onChange, placeholder, ltr, autoDir, type = "text", name, ...field }: Props) {
  return (
    <Field {...field}>
      {(id, describedBy) => (
        <input
          id={id}
          name={name}
          className={styles.input}
          type={type}
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
