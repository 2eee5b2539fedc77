// The shared test vectors: every tests/vectors/*.json file is
//   {"function"?: "<exported name>", "cases": [{"name", "function"?, "args": [...], "expect": <json>}]}
// and each case calls the real wasm export, from any module (the package's
// main entry, @dastyar/rules/lazy or @dastyar/rules/urls). wasm/tests/vectors.rs runs the same
// files through api::dispatch in native Rust, so both must answer the same.
// `expect` is a pattern: objects match on the keys they list (toMatchObject),
// but an empty object only an empty object (toMatchObject would take any);
// arrays element by element, anything else exactly.
import * as rules from "@dastyar/rules";
import * as lazyRules from "@dastyar/rules/lazy";
import * as urlRules from "@dastyar/rules/urls";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Case = { name: string; function?: string; args: unknown[]; expect: unknown };
type Vector = { function?: string; cases: Case[] };

const dir = new URL("../../tests/vectors/", import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
const vectors = files.map((file) => {
  const vector = JSON.parse(readFileSync(new URL(file, dir), "utf8")) as Vector;
  const cases = vector.cases.map((c) => ({ ...c, function: c.function ?? vector.function ?? "" }));
  return { file, cases };
});
const exported = { ...rules, ...lazyRules, ...urlRules } as unknown as Record<string, unknown>;

/** The result as JSON sees it (what the Rust side compares). */
const asJson = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(JSON.stringify(value));

/**
 * Where the pattern `expected` holds an empty object but `got` has a
 * non-empty one, by path: toMatchObject lets `{}` match any object.
 */
function nonEmptyWhereEmpty(expected: unknown, got: unknown, path = "$"): string[] {
  if (expected === null || typeof expected !== "object" || got === null || typeof got !== "object") return [];
  if (Array.isArray(expected)) {
    return Array.isArray(got) ? expected.flatMap((e, i) => nonEmptyWhereEmpty(e, got[i], `${path}[${i}]`)) : [];
  }
  const entries = Object.entries(expected);
  if (entries.length === 0) return Object.keys(got).length === 0 ? [] : [path];
  const other = got as Record<string, unknown>;
  return entries.flatMap(([k, e]) => nonEmptyWhereEmpty(e, other[k], `${path}.${k}`));
}

it("an empty object in a pattern matches only an empty object", () => {
  expect(nonEmptyWhereEmpty({}, {})).toEqual([]);
  expect(nonEmptyWhereEmpty({}, { token: "abc" })).toEqual(["$"]);
  expect(nonEmptyWhereEmpty({ a: [{ b: {} }] }, { a: [{ b: { c: 1 } }] })).toEqual(["$.a[0].b"]);
  expect(nonEmptyWhereEmpty({ a: 1 }, { a: 1, b: {} })).toEqual([]);
});

it("every exported function has vector cases", () => {
  const covered = new Set(vectors.flatMap((v) => v.cases.map((c) => c.function)));
  const missing = Object.keys(exported).filter((name) => typeof exported[name] === "function" && !covered.has(name));
  expect(missing).toEqual([]);
});

describe("checkConnectionAround answers every checkConnection case alike, the nodes past the ends by id and kind only", () => {
  const cases = vectors.flatMap((v) => v.cases).filter((c) => c.function === "checkConnection");
  it("has cases", () => expect(cases.length).toBeGreaterThan(50));
  it.each(cases)("$name", ({ args }) => {
    const [graph, proposal] = args as [rules.Graph, rules.Proposal];
    // The whole graph as a (generous) neighbourhood: every rule's reach is in it.
    const isEnd = (id: string) => id === proposal.source || id === proposal.target;
    const around: rules.Neighbourhood = {
      ends: graph.nodes.filter((n) => isEnd(n.id)),
      near: graph.nodes.filter((n) => !isEnd(n.id)).map((n) => ({ id: n.id, type: n.type, parentId: n.parentId })),
      edges: graph.edges,
    };
    // The page tells the rules whether a WordPress target's address parses.
    const target = around.ends.find((n) => n.id === proposal.target);
    const siteUrlValid = target?.type === "wordpress" ? urlRules.normalizeWordpressUrl(target.data.siteUrl).ok : undefined;
    const whole = asJson(urlRules.checkConnection(graph, proposal));
    expect(asJson(rules.checkConnectionAround(around, proposal, siteUrlValid))).toEqual(whole);
  });
});

describe.each(vectors)("$file", ({ cases }) => {
  it.each(cases)("$function: $name", ({ function: name, args, expect: expected }) => {
    const fn = exported[name];
    expect(typeof fn, `${name} is exported`).toBe("function");
    const result = asJson((fn as (...args: unknown[]) => unknown)(...args));
    if (expected !== null && typeof expected === "object") {
      expect(result).toMatchObject(expected as object);
      expect(nonEmptyWhereEmpty(expected, result), "empty objects in the pattern").toEqual([]);
    } else {
      expect(result).toEqual(expected);
    }
  });
});
