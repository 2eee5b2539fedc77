// Smoke test: the wasm package loads under Node and answers core's kind table.
import { kinds } from "@dastyar/rules";
import { describe, expect, it } from "vitest";

describe("kinds()", () => {
  const all = kinds();
  const names = (keep: (k: (typeof all)[number]) => boolean) =>
    all.filter(keep).map((k) => k.kind);

  it("lists the nineteen node kinds once each", () => {
    expect(all).toHaveLength(19);
    expect(new Set(all.map((k) => k.kind)).size).toBe(19);
  });

  it("persists every kind but the test frame", () => {
    expect(names((k) => !k.persisted)).toEqual(["testframe"]);
  });

  it("limits assistants, analyzers and vector stores by plan", () => {
    expect(names((k) => k.planLimited)).toEqual(["assistant", "analyzer", "vectorstore"]);
  });
});
