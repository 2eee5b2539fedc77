// The shared test vectors: every tests/vectors/*.json file is
//   {"function": "<exported name>", "cases": [{"name", "args": [...], "expect": <json>}]}
// and each case calls the real wasm export. wasm/tests/vectors.rs runs the same
// files through api::dispatch in native Rust, so both must answer the same.
import * as rules from "@dastyar/rules";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Vector = {
  function: string;
  cases: { name: string; args: unknown[]; expect: unknown }[];
};

// Exports that have no vector file, on purpose (say why next to each name).
const WITHOUT_VECTORS: string[] = [];

const dir = new URL("../../tests/vectors/", import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
const vectors = files.map((file) => ({
  file,
  ...(JSON.parse(readFileSync(new URL(file, dir), "utf8")) as Vector),
}));
const exported = rules as unknown as Record<string, unknown>;

/** The result as JSON sees it (what the Rust side compares). */
const asJson = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(JSON.stringify(value));

it("every exported function has a vector file", () => {
  const covered = new Set(vectors.map((v) => v.function));
  const missing = Object.keys(exported).filter(
    (name) => typeof exported[name] === "function" && !covered.has(name) && !WITHOUT_VECTORS.includes(name),
  );
  expect(missing).toEqual([]);
});

describe.each(vectors)("$file", ({ function: name, cases }) => {
  const fn = exported[name];

  it(`${name} is exported`, () => {
    expect(typeof fn).toBe("function");
  });

  it.each(cases)("$name", ({ args, expect: expected }) => {
    const result = (fn as (...args: unknown[]) => unknown)(...args);
    expect(asJson(result)).toEqual(expected);
  });
});
