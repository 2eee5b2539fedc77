import { describe, expect, it } from "vitest";
import { firstLine } from "./firstLine";

describe("firstLine", () => {
  it("skips blank lines and trims", () => {
    expect(firstLine("\n  \r\n  Be brief.  \nSecond line")).toBe("Be brief.");
    expect(firstLine("one")).toBe("one");
  });

  it("is empty for blank text", () => {
    expect(firstLine("")).toBe("");
    expect(firstLine(" \n\t\n")).toBe("");
  });
});
