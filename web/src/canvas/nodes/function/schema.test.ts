import { defaultNodeData, validateFunctionParameters } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { newRow, parameterCount, rowProblems, rowsFromSchema, sameJson, schemaFromRows, type ParameterRow } from "./schema";

function row(fields: Partial<ParameterRow>): ParameterRow {
  return { ...newRow(), ...fields };
}

describe("schemaFromRows", () => {
  it("builds the object schema the rules accept", () => {
    const schema = schemaFromRows({
      rows: [
        row({ name: "city", type: "string", description: "  City name ", required: true }),
        row({ name: "days", type: "integer" }),
        row({ name: "metric", type: "boolean", required: true }),
      ],
      rest: {},
    });
    expect(schema).toEqual({
      type: "object",
      properties: {
        city: { type: "string", description: "City name" },
        days: { type: "integer" },
        metric: { type: "boolean" },
      },
      required: ["city", "metric"],
    });
    expect(validateFunctionParameters(schema)).toEqual({ ok: true, value: null });
  });

  it("leaves out rows without a name, and the last of a repeated name wins", () => {
    const schema = schemaFromRows({
      rows: [
        row({ name: "q", type: "string", required: true }),
        row({ name: "  " }),
        row({ name: "q", type: "number", required: false }),
      ],
      rest: {},
    });
    expect(schema).toEqual({ type: "object", properties: { q: { type: "number" } }, required: [] });
  });

  it("with no named rows is the empty schema the rules refuse", () => {
    const schema = schemaFromRows({ rows: [row({})], rest: {} });
    expect(schema).toEqual({ type: "object", properties: {}, required: [] });
    const check = validateFunctionParameters(schema);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error.field).toBe("parameters");
  });
});

describe("rowsFromSchema", () => {
  it("reads a new function's schema as no rows", () => {
    const fresh = defaultNodeData("function");
    if (fresh.type !== "function") throw new Error("not a function");
    expect(rowsFromSchema(fresh.data.parameters)).toEqual({ rows: [], rest: {} });
  });

  it("round-trips, keeping keywords the list does not show", () => {
    const schema = {
      type: "object",
      properties: {
        unit: { type: "string", description: "Unit", enum: ["c", "f"] },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["unit"],
      additionalProperties: false,
    };
    const list = rowsFromSchema(schema);
    expect(list).not.toBeNull();
    expect(list!.rows.map((r) => [r.name, r.type, r.description, r.required])).toEqual([
      ["unit", "string", "Unit", true],
      ["tags", "array", "", false],
    ]);
    expect(list!.rest).toEqual({ additionalProperties: false });
    expect(schemaFromRows(list!)).toEqual(schema);
    // Editing a row keeps the enum of that row.
    list!.rows[0] = { ...list!.rows[0]!, description: "Temperature unit" };
    expect(schemaFromRows(list!).properties).toMatchObject({ unit: { enum: ["c", "f"], description: "Temperature unit" } });
  });

  it("gives each row its own key", () => {
    const list = rowsFromSchema({ type: "object", properties: { a: { type: "string" }, b: { type: "string" } } });
    expect(new Set(list!.rows.map((r) => r.key)).size).toBe(2);
  });

  it("refuses what the list cannot show faithfully", () => {
    for (const schema of [
      null,
      [],
      "x",
      { type: "array" },
      { type: "object", properties: [] },
      { type: "object", properties: { a: "string" } },
      { type: "object", properties: { a: { description: "no type" } } },
      { type: "object", properties: { a: { type: ["string", "null"] } } },
      { type: "object", properties: { a: { type: "string", description: 3 } } },
      { type: "object", properties: { a: { type: "string" } }, required: ["b"] },
      { type: "object", properties: { a: { type: "string" } }, required: "a" },
    ]) {
      expect(rowsFromSchema(schema), JSON.stringify(schema)).toBeNull();
    }
  });
});

describe("rowProblems", () => {
  it("marks rows without a name and repeated names", () => {
    const rows = [row({ name: "a" }), row({ name: "" }), row({ name: "b" }), row({ name: " b " })];
    const problems = rowProblems(rows);
    expect(problems.get(rows[0]!.key)).toBeUndefined();
    expect(problems.get(rows[1]!.key)).toBe("name_required");
    expect(problems.get(rows[2]!.key)).toBe("name_duplicate");
    expect(problems.get(rows[3]!.key)).toBe("name_duplicate");
  });
});

describe("parameterCount and sameJson", () => {
  it("counts declared properties", () => {
    expect(parameterCount({ type: "object", properties: { a: {}, b: {} } })).toBe(2);
    expect(parameterCount({ type: "object" })).toBe(0);
    expect(parameterCount(null)).toBe(0);
  });

  it("compares JSON whatever its key order", () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
