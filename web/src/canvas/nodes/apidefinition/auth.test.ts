import { describe, expect, it } from "vitest";
import { authDataFor, authEntries } from "./auth";

describe("API definition credentials", () => {
  it("reads only string entries of an object", () => {
    expect(authEntries({ token: "abc", n: 3 })).toEqual({ token: "abc" });
    expect(authEntries(["x"])).toEqual({});
    expect(authEntries(null)).toEqual({});
  });

  it("keeps only the chosen type's credentials when the type changes", () => {
    const typed = { token: "abc", username: "me", password: "pw" };
    expect(authDataFor("bearer", typed)).toEqual({ token: "abc" });
    expect(authDataFor("basic", typed)).toEqual({ username: "me", password: "pw" });
    expect(authDataFor("api_key", typed)).toEqual({});
    expect(authDataFor("none", typed)).toEqual({});
  });
});
