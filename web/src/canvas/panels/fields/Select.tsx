import { Field, type FieldProps } from "./Field";
import styles from "./fields.module.css";

type Props<V extends string> = FieldProps & {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  name?: string;
};

export function Select<V extends string>({ value, options, onChange, name, ...field }: Props<V>) {
  return (
    <Field {...field}>
      {(id, describedBy) => (
        <select
          id={id}
          name={name}
          className={styles.input}
          value={value}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value as V)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
