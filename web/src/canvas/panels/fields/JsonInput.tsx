import { useId, useState } from "react";
import { useLocalProblem } from "../localProblems";
import type { FieldProps } from "./Field";
import { TextArea } from "./TextArea";

type Props = FieldProps & {
  value: unknown;
  onChange: (value: unknown) => void;
  /** The message for text that is not JSON. */
  invalidText: string;
  name?: string;
  rows?: number;
};

/** A JSON value edited as text; it changes the value only while the text parses (blank is null). */
export function JsonInput({ value, onChange, invalidText, error, ...rest }: Props) {
  const [text, setText] = useState(() => show(value));
  const [broken, setBroken] = useState(false);
  // Text that is not JSON keeps the panel from saving the last good value unseen.
  useLocalProblem(useId(), broken ? invalidText : null);
  // A new value from outside replaces the text, unless the text already says it
  // (adjusted while rendering, so the old text is never drawn with the new value).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    const typed = parse(text);
    if (!(typed.ok && show(typed.value) === show(value))) setText(show(value));
  }
  return (
    <TextArea
      {...rest}
      ltr
      value={text}
      error={broken ? invalidText : error}
      onChange={(next) => {
        setText(next);
        const typed = parse(next);
        setBroken(!typed.ok);
        if (typed.ok) onChange(typed.value);
      }}
    />
  );
}

function show(value: unknown): string {
  return value == null ? "" : JSON.stringify(value, null, 2);
}

/** The text's value: null when blank, the parsed JSON, or not ok. */
export function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
