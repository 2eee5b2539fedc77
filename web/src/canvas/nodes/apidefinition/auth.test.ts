import { describe, expect, it } from "vitest";
import { authEntries } from "./auth";

describe("API definition credentials", () => {
  it("reads only string entries of an object", () => {
    expect(authEntries({ token: "abc", n: 3 })).toEqual({ token: "abc" });
    expect(authEntries(["x"])).toEqual({});
    expect(authEntries(null)).toEqual({});
  });
});
