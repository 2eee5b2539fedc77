// A string-to-string map (headers, query parameters) edited as rows of key
// and value. The rows are the editor's own state, so a half-typed row (a
// value with no key yet, a key typed twice) survives until it is finished;
// the map the node holds is what the rows mean.
import { useId, useState } from "react";
import styles from "./fields.module.css";
import { HintText } from "./HintText";

export type Row = { key: string; value: string };
export type StringMap = { [key: string]: string };

export type KeyValueWords = {
  key: string;
  value: string;
  add: string;
  remove: (key: string) => string;
  empty: string;
  duplicate: (key: string) => string;
};

type Props = {
  label: string;
  /** The data field; row inputs are named `${name}.key` and `${name}.value`. */
  name: string;
  value: StringMap;
  onChange: (value: StringMap) => void;
  words: KeyValueWords;
  hint?: string;
  error?: string;
};

/** The map's rows, in key order as stored. */
export function toRows(map: StringMap | null | undefined): Row[] {
  return Object.entries(map ?? {}).map(([key, value]) => ({ key, value: String(value) }));
}

/** What the rows mean: keys trimmed, rows without a key left out, a later duplicate winning. */
export function toMap(rows: readonly Row[]): StringMap {
  const map: StringMap = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (key !== "") map[key] = row.value;
  }
  return map;
}

/** Keys (trimmed) that more than one row names. */
export function duplicateKeys(rows: readonly Row[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (key === "") continue;
    if (seen.has(key)) twice.add(key);
    seen.add(key);
  }
  return [...twice];
}

/** Whether two maps hold the same entries (order aside). */
export function sameMap(a: StringMap | null | undefined, b: StringMap | null | undefined): boolean {
  const x = Object.entries(a ?? {});
  const y = b ?? {};
  return x.length === Object.keys(y).length && x.every(([k, v]) => Object.hasOwn(y, k) && y[k] === v);
}

export function KeyValueInput({ label, name, value, onChange, words, hint, error }: Props) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => toRows(value));
  // A new value from outside (another node, the server's answer) replaces the
  // rows, unless it is only what the rows already say (adjusted while
  // rendering, so the old rows are never drawn with the new value).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (!sameMap(toMap(rows), value)) setRows(toRows(value));
  }

  const change = (next: Row[]) => {
    setRows(next);
    const map = toMap(next);
    if (!sameMap(map, value)) onChange(map);
  };
  const edit = (index: number, patch: Partial<Row>) =>
    change(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const duplicates = duplicateKeys(rows);
  const note = error ?? (duplicates.length > 0 ? words.duplicate(duplicates[0]) : undefined);
  return (
    <fieldset
      className={styles.field}
      data-invalid={note ? "true" : undefined}
      data-field={name}
      style={{ border: "none", margin: 0, padding: 0, minWidth: 0 }}
    >
      <legend className={styles.label} style={{ padding: 0 }}>
        {label}
      </legend>
      {rows.length === 0 && <p className={styles.hint}>{words.empty}</p>}
      {rows.map((row, index) => (
        <div
          key={index}
          style={{ display: "grid", gridTemplateColumns: "1fr 1fr auto", gap: "0.4rem", alignItems: "center" }}
        >
          <label className="visually-hidden" htmlFor={`${id}-k${index}`}>
            {`${label}: ${words.key}`}
          </label>
          <input
            id={`${id}-k${index}`}
            name={`${name}.key`}
            className={styles.input}
            dir="ltr"
            placeholder={words.key}
            value={row.key}
            aria-invalid={duplicates.includes(row.key.trim()) ? true : undefined}
            onChange={(e) => edit(index, { key: e.target.value })}
          />
          <label className="visually-hidden" htmlFor={`${id}-v${index}`}>
            {`${label}: ${words.value}`}
          </label>
          <input
            id={`${id}-v${index}`}
            name={`${name}.value`}
            className={styles.input}
            dir="ltr"
            placeholder={words.value}
            value={row.value}
            onChange={(e) => edit(index, { value: e.target.value })}
          />
          <button
            type="button"
            className="button button-quiet"
            aria-label={words.remove(row.key.trim())}
            onClick={() => change(rows.filter((_, i) => i !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="button button-quiet" onClick={() => setRows([...rows, { key: "", value: "" }])}>
          {words.add}
        </button>
      </div>
      {note ? (
        <p className={styles.error} role="alert">
          {note}
        </p>
      ) : hint ? (
        <p className={styles.hint}>
          <HintText text={hint} />
        </p>
      ) : null}
    </fieldset>
  );
}
