// A function's parameters as a list a person edits (name, type, description,
// required) and the JSON schema the provider gets:
// `{type: "object", properties, required}`. Keys the list does not show
// (enum, items, additionalProperties...) ride along untouched, so editing a
// row never drops them.

/** The types the list offers; a schema may hold others (kept, edited as JSON). */
export const PARAMETER_TYPES = ["string", "number", "integer", "boolean"] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export type ParameterRow = {
  /** A stable React key; not part of the schema. */
  key: string;
  name: string;
  type: string;
  description: string;
  required: boolean;
  /** The property's other keywords. */
  extra: Record<string, unknown>;
};

/** The rows, and the schema's own keywords besides type, properties and required. */
export type ParameterList = { rows: ParameterRow[]; rest: Record<string, unknown> };

export type RowProblem = "name_required" | "name_duplicate";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

let lastKey = 0;
/** A key no other row has. */
export function rowKey(): string {
  lastKey += 1;
  return `p${lastKey}`;
}

export function newRow(): ParameterRow {
  return { key: rowKey(), name: "", type: "string", description: "", required: false, extra: {} };
}

/**
 * The rows of an object schema, or null when the list cannot show it
 * faithfully (not an object schema, a property that is not an object or has
 * no single type, a description that is not a string, `required` naming
 * unknown properties): such a schema is edited as JSON only.
 */
export function rowsFromSchema(schema: unknown): ParameterList | null {
  if (!isObject(schema)) return null;
  const { type, properties = {}, required = [], ...rest } = schema;
  if (type !== undefined && type !== "object") return null;
  if (!isObject(properties)) return null;
  if (!Array.isArray(required) || !required.every((n) => typeof n === "string" && n in properties)) return null;
  const rows: ParameterRow[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) return null;
    const { type: propertyType, description = "", ...extra } = property;
    if (typeof propertyType !== "string" || typeof description !== "string") return null;
    rows.push({ key: rowKey(), name, type: propertyType, description, required: required.includes(name), extra });
  }
  return { rows, rest };
}

/**
 * The object schema the rows describe. Rows without a name are left out (they
 * are still being written); of rows sharing a name the last one wins.
 */
export function schemaFromRows({ rows, rest }: ParameterList): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const row of rows) {
    const name = row.name.trim();
    if (name === "") continue;
    const description = row.description.trim();
    properties[name] = { ...row.extra, type: row.type, ...(description ? { description } : {}) };
    const at = required.indexOf(name);
    if (at >= 0) required.splice(at, 1);
    if (row.required) required.push(name);
  }
  return { ...rest, type: "object", properties, required };
}

/** What is wrong with each row, by key. */
export function rowProblems(rows: readonly ParameterRow[]): Map<string, RowProblem> {
  const problems = new Map<string, RowProblem>();
  const seen = new Map<string, number>();
  for (const row of rows) {
    const name = row.name.trim();
    seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  for (const row of rows) {
    const name = row.name.trim();
    if (name === "") problems.set(row.key, "name_required");
    else if ((seen.get(name) ?? 0) > 1) problems.set(row.key, "name_duplicate");
  }
  return problems;
}

/** How many parameters a schema declares (0 when it is not an object schema). */
export function parameterCount(schema: unknown): number {
  if (!isObject(schema) || !isObject(schema.properties)) return 0;
  return Object.keys(schema.properties).length;
}

/** Whether two JSON values are equal, whatever the order of their keys (the server sorts them). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}
