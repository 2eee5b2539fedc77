import { describe, expect, it } from "vitest";
import { matchPath } from "./match";
import { safeReturnPath, signInPath, signUpPath } from "./paths";

describe("safeReturnPath", () => {
  it("keeps paths on this site", () => {
    expect(safeReturnPath("/projects/3")).toBe("/projects/3");
    expect(safeReturnPath("/projects/3?x=1")).toBe("/projects/3?x=1");
  });

  it("refuses other sites, sign-in pages and nothing", () => {
    for (const raw of ["https://evil.example/", "//evil.example", "/\\evil", "projects", "/signin", "/signup?next=/x", "", null, undefined]) {
      expect(safeReturnPath(raw)).toBeNull();
    }
  });
});

describe("signInPath", () => {
  it("remembers where to come back to", () => {
    expect(signInPath("/projects/3")).toBe("/signin?next=%2Fprojects%2F3");
    expect(signUpPath("/subscription")).toBe("/signup?next=%2Fsubscription");
  });

  it("stays plain when there is nowhere special to return", () => {
    expect(signInPath("/projects")).toBe("/signin");
    expect(signInPath("/")).toBe("/signin");
    expect(signInPath("/signin?next=%2Fprojects%2F3")).toBe("/signin");
    expect(signInPath(null)).toBe("/signin");
  });
});

describe("matchPath", () => {
  it("takes named parts", () => {
    expect(matchPath("/projects/:id", "/projects/12")).toEqual({ id: "12" });
    expect(matchPath("/projects/:id", "/projects/12/")).toEqual({ id: "12" });
  });

  it("refuses other shapes", () => {
    expect(matchPath("/projects/:id", "/projects")).toBeNull();
    expect(matchPath("/projects/:id", "/projects/1/nodes")).toBeNull();
    expect(matchPath("/projects/:id", "/other/1")).toBeNull();
    expect(matchPath("/projects/:id", "/projects/%E0%A4%A")).toBeNull();
  });
});
