// A function's parameters: a list of rows (name, type, description,
// required) that writes the object schema, and the schema itself as JSON for
// what the list cannot express. Both edit the same value.
import { useEffect, useRef, useState } from "react";
import { fa } from "../../../i18n/fa";
import { Checkbox } from "../../panels/fields/Checkbox";
import { JsonInput } from "../../panels/fields/JsonInput";
import { Select } from "../../panels/fields/Select";
import { TextInput } from "../../panels/fields/TextInput";
import styles from "./ParametersEditor.module.css";
import {
  newRow,
  PARAMETER_TYPES,
  rowProblems,
  rowsFromSchema,
  sameJson,
  schemaFromRows,
  type ParameterList,
  type ParameterRow,
} from "./schema";

const words = fa.nodes.function;

const TYPE_OPTIONS = PARAMETER_TYPES.map((t) => ({ value: t as string, label: words.types[t] }));

type Props = {
  value: unknown;
  onChange: (schema: unknown) => void;
  /** The rules' problem with the schema as a whole. */
  error?: string;
};

export function ParametersEditor({ value, onChange, error }: Props) {
  const [list, setList] = useState<ParameterList | null>(() => rowsFromSchema(value));
  const details = useRef<HTMLDetailsElement>(null);

  // A schema from elsewhere (the JSON, the server's answer): read it again,
  // unless it is what the rows already say (rows being written stay); adjusted
  // while rendering, so the old rows are never drawn with the new schema.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (!(list && sameJson(schemaFromRows(list), value))) setList(rowsFromSchema(value));
  }

  // What the list cannot show is edited in the JSON: open it.
  useEffect(() => {
    if (list === null && details.current) details.current.open = true;
  }, [list]);

  const setRows = (rows: ParameterRow[]) => {
    const next = { rows, rest: list?.rest ?? {} };
    setList(next);
    onChange(schemaFromRows(next));
  };
  const changeRow = (key: string, patch: Partial<ParameterRow>) =>
    setRows((list?.rows ?? []).map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const problems = rowProblems(list?.rows ?? []);

  return (
    <section className={styles.editor} aria-label={words.parameters}>
      <h3 className={styles.title}>{words.parameters}</h3>
      <p className={styles.hint}>{words.parametersHint}</p>
      {list === null ? (
        <p className={styles.hint}>{words.advancedOnly}</p>
      ) : (
        <>
          {list.rows.length === 0 && <p className={styles.hint}>{words.noParameters}</p>}
          {list.rows.map((row, index) => (
            <fieldset key={row.key} className={styles.row} data-testid="parameter-row">
              <legend className={styles.legend}>{words.parameter(index + 1)}</legend>
              <TextInput
                label={words.parameterName}
                name={`parameters.${index}.name`}
                ltr
                value={row.name}
                error={rowError(problems.get(row.key))}
                onChange={(name) => changeRow(row.key, { name })}
              />
              <Select
                label={words.parameterType}
                name={`parameters.${index}.type`}
                value={row.type}
                options={
                  (PARAMETER_TYPES as readonly string[]).includes(row.type)
                    ? TYPE_OPTIONS
                    : [{ value: row.type, label: words.otherType(row.type) }, ...TYPE_OPTIONS]
                }
                onChange={(type) => changeRow(row.key, { type })}
              />
              <TextInput
                label={words.parameterDescription}
                name={`parameters.${index}.description`}
                value={row.description}
                onChange={(description) => changeRow(row.key, { description })}
              />
              <div className={styles.rowFoot}>
                <Checkbox
                  label={words.parameterRequired}
                  name={`parameters.${index}.required`}
                  checked={row.required}
                  onChange={(required) => changeRow(row.key, { required })}
                />
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => setRows(list.rows.filter((r) => r.key !== row.key))}
                >
                  {words.removeParameter(row.name.trim())}
                </button>
              </div>
            </fieldset>
          ))}
          <button type="button" className="button button-quiet" onClick={() => setRows([...list.rows, newRow()])}>
            {words.addParameter}
          </button>
        </>
      )}
      {error && (
        <p className={styles.error} role="alert" data-testid="parameters-error">
          {error}
        </p>
      )}
      <details ref={details} className={styles.json}>
        <summary>{words.json}</summary>
        <JsonInput
          label={words.jsonLabel}
          hint={words.jsonHint}
          name="parameters"
          rows={10}
          value={value}
          invalidText={words.jsonInvalid}
          onChange={onChange}
        />
      </details>
    </section>
  );
}

function rowError(problem: string | undefined): string | undefined {
  if (problem === "name_required") return words.nameRequired;
  if (problem === "name_duplicate") return words.nameDuplicate;
  return undefined;
}
