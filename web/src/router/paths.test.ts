import { describe, expect, it } from "vitest";
import { matchPath } from "./match";
import {
  mockGatewayPath,
  paymentIdOf,
  paymentResultPath,
  safeReturnPath,
  signInPath,
  signUpPath,
} from "./paths";

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

describe("payment pages", () => {
  it("carry the payment id in the query", () => {
    expect(mockGatewayPath(7)).toBe("/subscription/mock-gateway?payment_id=7");
    expect(paymentResultPath(12)).toBe("/subscription/payment-result?payment_id=12");
  });

  it("read back only a positive whole id", () => {
    const id = (query: string) => paymentIdOf(new URLSearchParams(query));
    expect(id("payment_id=12")).toBe(12);
    expect(id("status=unknown&payment_id=3")).toBe(3);
    for (const query of ["", "status=unknown", "payment_id=", "payment_id=0", "payment_id=-4", "payment_id=1.5", "payment_id=abc", "payment_id=012", "payment_id=99999999999999999"]) {
      expect(id(query), query).toBeNull();
    }
  });
});
