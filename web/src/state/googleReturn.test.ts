// Coming back from Google: the address names the node and how it ended; the
// node is selected and the outcome kept for its panel, in the catalogue's words.
import { message } from "@dastyar/rules";
import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { nodesAtom, selectedNodeIdAtom } from "./canvas/atoms";
import { flowNode } from "./canvas/testFixtures";
import { googleReturnAtom, readGoogleReturn, takeGoogleReturnAtom } from "./googleReturn";

const query = (text: string) => new URLSearchParams(text);

describe("readGoogleReturn", () => {
  it("reads an authorised node", () => {
    expect(readGoogleReturn(query("google=authorized&node=12"))).toEqual({ dbId: 12, outcome: "authorized" });
  });

  it("reads a refusal as the catalogue's text, with its placeholders", () => {
    expect(readGoogleReturn(query("google=failed&node=12&error=google_access_denied"))).toEqual({
      dbId: 12,
      outcome: "failed",
      message: message("google_access_denied", {}),
    });
    const refused = readGoogleReturn(query("google=failed&node=3&error=google_refused&reason=admin_policy_enforced"));
    expect(refused).toEqual({ dbId: 3, outcome: "failed", message: message("google_refused", { reason: "admin_policy_enforced" }) });
  });

  it("takes a code the catalogue lacks as Google's own reason", () => {
    const taken = readGoogleReturn(query("google=failed&node=3&error=no_such_code"));
    expect(taken).toEqual({ dbId: 3, outcome: "failed", message: message("google_refused", { reason: "no_such_code" }) });
  });

  it("reads nothing from an address that is not a return", () => {
    expect(readGoogleReturn(query(""))).toBeNull();
    expect(readGoogleReturn(query("google=authorized"))).toBeNull();
    expect(readGoogleReturn(query("google=authorized&node=x1"))).toBeNull();
  });
});

describe("takeGoogleReturnAtom", () => {
  const canvas = () => {
    const store = createStore();
    store.set(nodesAtom, [flowNode("assistant-12"), flowNode("googledoc-12"), flowNode("googlesheet-13")]);
    return store;
  };

  it("selects the Google node it names and keeps the outcome for its panel", () => {
    const store = canvas();
    expect(store.set(takeGoogleReturnAtom, query("google=failed&node=13&error=google_access_denied"))).toBe(true);
    expect(store.get(selectedNodeIdAtom)).toBe("googlesheet-13");
    expect(store.get(googleReturnAtom)).toEqual({ nodeId: "googlesheet-13", outcome: "failed", message: message("google_access_denied", {}) });

    expect(store.set(takeGoogleReturnAtom, query("google=authorized&node=12"))).toBe(true);
    expect(store.get(selectedNodeIdAtom)).toBe("googledoc-12");
    expect(store.get(googleReturnAtom)).toEqual({ nodeId: "googledoc-12", outcome: "authorized" });
  });

  it("opens nothing for a node no longer on the canvas, but still takes the query", () => {
    const store = canvas();
    expect(store.set(takeGoogleReturnAtom, query("google=authorized&node=99"))).toBe(true);
    expect(store.get(selectedNodeIdAtom)).toBeNull();
    expect(store.get(googleReturnAtom)).toBeNull();
  });

  it("leaves any other address alone", () => {
    const store = canvas();
    expect(store.set(takeGoogleReturnAtom, query("tab=files"))).toBe(false);
    expect(store.get(selectedNodeIdAtom)).toBeNull();
  });
});
