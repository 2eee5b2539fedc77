// WordPress credentials through the real wasm exports: the form's fields, what
// is kept when the type changes, and what is reported missing all follow one
// list per auth type (core's WordpressAuthType::fields).
import {
  wordpressAuthDataFor,
  wordpressAuthFields,
  wordpressAuthProblems,
  type WordpressAuthData,
  type WordpressAuthType,
} from "@dastyar/rules";
import { describe, expect, it } from "vitest";

const TYPES: WordpressAuthType[] = ["application_password", "basic", "jwt"];
const typed: WordpressAuthData = {
  username: "admin",
  applicationPassword: "abcd efgh",
  password: "secret",
  jwtToken: "eyJ.x.y",
};
const blank: WordpressAuthData = { username: "", applicationPassword: "", password: "", jwtToken: "" };

describe.each(TYPES)("%s", (type) => {
  const fields = wordpressAuthFields(type).map((f) => f.field);

  it("keeps exactly the credentials its form asks for", () => {
    const kept = wordpressAuthDataFor(type, typed);
    for (const key of Object.keys(typed) as (keyof WordpressAuthData)[]) {
      expect(kept[key], key).toBe(fields.includes(key) ? typed[key] : "");
    }
  });

  it("reports missing exactly the credentials its form asks for", () => {
    expect(wordpressAuthProblems(type, blank).map((p) => p.field)).toEqual(fields.map((f) => `authData.${f}`));
    expect(wordpressAuthProblems(type, wordpressAuthDataFor(type, typed))).toEqual([]);
  });
});

it("hides every credential but the user name", () => {
  const shown = TYPES.flatMap(wordpressAuthFields).filter((f) => !f.secret).map((f) => f.field);
  expect(new Set(shown)).toEqual(new Set(["username"]));
});
