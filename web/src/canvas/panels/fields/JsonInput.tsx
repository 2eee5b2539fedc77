import { useEffect, useState } from "react";
import { TextArea } from "./TextArea";
import type { FieldProps } from "./Field";

type Props = FieldProps & {
  value: unknown;
  onChange: (value: unknown) => void;
  /** The message for text that is not JSON. */
  invalidText: string;
  name?: string;
  rows?: number;
};

/** A JSON value edited as text; it changes the value only while the text parses. */
export function JsonInput({ value, onChange, invalidText, error, ...rest }: Props) {
  const [text, setText] = useState(() => show(value));
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    setText((current) => (parses(current) && show(JSON.parse(current)) === show(value) ? current : show(value)));
  }, [value]);
  return (
    <TextArea
      {...rest}
      ltr
      value={text}
      error={broken ? invalidText : error}
      onChange={(next) => {
        setText(next);
        const ok = parses(next);
        setBroken(!ok);
        if (ok) onChange(next.trim() === "" ? null : JSON.parse(next));
      }}
    />
  );
}

function show(value: unknown): string {
  return value == null ? "" : JSON.stringify(value, null, 2);
}

function parses(text: string): boolean {
  if (text.trim() === "") return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
