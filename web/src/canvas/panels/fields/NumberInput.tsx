import { persianDigits } from "@dastyar/rules";
import { useState } from "react";
import { Field, type FieldProps } from "./Field";
import styles from "./fields.module.css";

type Props = FieldProps & {
  /** null while the box is empty. */
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  min?: number;
  step?: number;
  name?: string;
};

/** A number as the box shows it: Persian digits, as a person reads it (typing Latin ones works too). */
const shownText = (value: number | null | undefined) => (value == null ? "" : persianDigits(String(value)));

/** A number box that accepts Persian digits too; empty is null. */
export function NumberInput({ value, onChange, min, step, name, ...field }: Props) {
  const [text, setText] = useState(shownText(value));
  // A new value from outside replaces the text, unless the text already says it
  // (adjusted while rendering, so the old text is never drawn with the new value).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (toNumber(text) !== (value ?? null)) setText(shownText(value));
  }
  return (
    <Field {...field}>
      {(id, describedBy) => (
        <input
          id={id}
          name={name}
          className={styles.input}
          inputMode="decimal"
          dir="ltr"
          min={min}
          step={step}
          value={text}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            onChange(toNumber(event.target.value));
          }}
        />
      )}
    </Field>
  );
}


/** The number typed (Latin, Persian or Arabic digits), or null. */
export function toNumber(text: string): number | null {
  const latin = text
    .trim()
    // Persian (U+06F0…) and Arabic-Indic (U+0660…) digits count as their Latin twins.
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/\u066B/g, ".");
  if (latin === "") return null;
  const n = Number(latin);
  return Number.isFinite(n) ? n : null;
}
