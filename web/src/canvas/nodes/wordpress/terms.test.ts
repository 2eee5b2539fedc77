import { describe, expect, it } from "vitest";
import { connectionComplete, pickerTerms, sameConnection, termsKept } from "./terms";

const news = { id: 3, name: "اخبار" };
const tech = { id: 4, name: "فناوری" };
const old = { id: 9, name: "قدیمی" };

describe("pickerTerms", () => {
  it("offers the site's list, then what the node saved that the site no longer has", () => {
    expect(pickerTerms([news, tech], [tech, old])).toEqual([news, tech, old]);
    expect(pickerTerms(null, [old])).toEqual([old]);
    expect(pickerTerms([], [])).toEqual([]);
  });
});

describe("termsKept", () => {
  it("keeps the names of what is picked, in order, once", () => {
    expect(termsKept([news, tech, old], [4, undefined, 3, 4, 77])).toEqual([tech, news]);
    expect(termsKept([news], [])).toEqual([]);
  });
});

const connection = {
  siteUrl: "https://blog.example.ir",
  authType: "application_password" as const,
  authData: { username: "admin", applicationPassword: "••••", password: "", jwtToken: "" },
};

describe("the saved connection", () => {
  it("is the draft's when the address and every credential match", () => {
    expect(sameConnection({ ...connection, siteUrl: " https://blog.example.ir " }, connection)).toBe(true);
    expect(sameConnection({ ...connection, authType: "basic" }, connection)).toBe(false);
    const typed = { ...connection, authData: { ...connection.authData, applicationPassword: "abcd efgh" } };
    expect(sameConnection(typed, connection)).toBe(false);
  });

  it("is complete with an address and its auth type's credentials", () => {
    expect(connectionComplete(connection)).toBe(true);
    expect(connectionComplete({ ...connection, siteUrl: "  " })).toBe(false);
    expect(connectionComplete({ ...connection, authType: "jwt" })).toBe(false);
  });
});
