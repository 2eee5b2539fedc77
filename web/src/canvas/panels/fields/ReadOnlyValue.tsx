import { Field } from "./Field";

type Props = { label: string; field: string; value: string; ltr?: boolean };

/** A labelled value the panel shows but does not edit (set by the server or a runtime). */
export function ReadOnlyValue({ label, field, value, ltr }: Props) {
  return (
    <Field label={label}>
      {(id) => (
        <output id={id} data-field={field} dir={ltr ? "ltr" : undefined}>
          {value}
        </output>
      )}
    </Field>
  );
}
