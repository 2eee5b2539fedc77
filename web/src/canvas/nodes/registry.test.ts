import { kinds } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { fa } from "../../i18n/fa";
import { APPEARANCE } from "./appearance";
import { nodeTypes, panels, registry } from "./registry";

describe("the kind registry", () => {
  it("has a card, a panel, the appearance and the words of every kind the rules know", () => {
    for (const { kind } of kinds()) {
      expect(nodeTypes[kind], kind).toBe(registry[kind].Card);
      expect(panels[kind], kind).toBe(registry[kind].Panel);
      expect(registry[kind].appearance, kind).toBe(APPEARANCE[kind]);
      expect(registry[kind].words, kind).toBe(fa.nodes[kind]);
    }
    expect(Object.keys(nodeTypes).sort()).toEqual(kinds().map((k) => k.kind).sort());
  });
});
