import { describe, expect, it } from "vitest";
import { idOf, idsOf } from "./ids";
import { siteHost } from "./WordpressNode";

describe("WordPress ids typed in the panel", () => {
  it("takes whole numbers, leaves empty unset and refuses fractions", () => {
    expect(idOf(7)).toBe(7);
    expect(idOf(null)).toBeUndefined();
    expect(idOf(1.5)).toBe("invalid");
  });

  it("reads a list in Latin or Persian digits, all or nothing", () => {
    expect(idsOf(["3", "\u06F1\u06F2"])).toEqual([3, 12]);
    expect(idsOf([])).toEqual([]);
    expect(idsOf(["3", "x"])).toBe("invalid");
    expect(idsOf(["2.5"])).toBe("invalid");
  });
});

describe("siteHost", () => {
  it("shows the host of a site address", () => {
    expect(siteHost("https://blog.example.ir/news")).toBe("blog.example.ir");
    expect(siteHost("http://localhost:8080")).toBe("localhost:8080");
    expect(siteHost("  ")).toBe("");
    expect(siteHost("not a url")).toBe("not a url");
  });
});
