import { describe, expect, it } from "vitest";
import { handleHints } from "./handleHints";

describe("handle hints", () => {
  it("name what may connect into a card and what it may connect to", () => {
    const store = handleHints("vectorstore");
    for (const label of ["پایگاه فایل", "مخزن فایل", "سند گوگل", "برگهٔ گوگل"]) expect(store.input).toContain(label);
    expect(store.output).toContain("دستیار");
    expect(store.output).not.toContain("مخزن فایل");
  });

  it("are worked out once per kind", () => {
    expect(handleHints("assistant")).toBe(handleHints("assistant"));
  });
});
