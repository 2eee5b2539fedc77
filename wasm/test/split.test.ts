// The package is three modules (wasm/src/lib.rs): the main entry, which the
// canvas loads before its first paint, must not carry the functions that
// bring the time-zone database, Unicode normalisation or URL parsing, or the
// split saves nothing; each function lives in exactly one of them.
import * as rules from "@dastyar/rules";
import * as lazyRules from "@dastyar/rules/lazy";
import * as urlRules from "@dastyar/rules/urls";
import { expect, it } from "vitest";

it("the lazy module holds the run times and search text, and the main entry none of them", () => {
  expect(Object.keys(lazyRules).sort()).toEqual(["nextRuns", "normalizeText", "searchTerms"]);
  expect(Object.keys(rules).filter((name) => name in lazyRules)).toEqual([]);
});

it("the URL module holds what parses URLs, and neither other module any of it", () => {
  expect(Object.keys(urlRules).sort()).toEqual([
    "assistantAbilities",
    "checkConnection",
    "normalizeWordpressUrl",
    "prepareNodeData",
  ]);
  expect(Object.keys(rules).filter((name) => name in urlRules)).toEqual([]);
  expect(Object.keys(lazyRules).filter((name) => name in urlRules)).toEqual([]);
});
