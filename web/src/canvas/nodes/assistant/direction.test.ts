import { describe, expect, it } from "vitest";
import { readsLtr } from "./direction";

describe("readsLtr", () => {
  it("follows the first letter with a direction", () => {
    expect(readsLtr("You are a helpful assistant.")).toBe(true);
    expect(readsLtr("  1. Always answer")).toBe(true);
    // Persian first, English later: right to left.
    expect(readsLtr("\u0633\u0644\u0627\u0645 hello")).toBe(false);
    expect(readsLtr("\u06F1\u06F2 \u0633\u0644\u0627\u0645")).toBe(false);
  });

  it("is right to left for text with no letters", () => {
    expect(readsLtr("")).toBe(false);
    expect(readsLtr("123 - !")).toBe(false);
  });
});
