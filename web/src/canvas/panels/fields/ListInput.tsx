import { useState } from "react";
import { TextArea } from "./TextArea";
import type { FieldProps } from "./Field";

type Props = FieldProps & {
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  ltr?: boolean;
  name?: string;
};

/** A list of strings, one per line (commas split too). */
export function ListInput({ value, onChange, ...rest }: Props) {
  const [text, setText] = useState(value.join("\n"));
  // A new list from outside replaces the text, unless the text already says it
  // (adjusted while rendering, so the old text is never drawn with the new list).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (!same(split(text), value)) setText(value.join("\n"));
  }
  return (
    <TextArea
      {...rest}
      rows={3}
      value={text}
      onChange={(next) => {
        setText(next);
        onChange(split(next));
      }}
    />
  );
}

function split(text: string): string[] {
  return text
    // Latin or Arabic-script (U+060C) commas, or new lines.
    .split(/[\n,\u060C]/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
