// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorBody, failure, json, serve } from "./fakeFetch";
import { setToken } from "./token";
import { testWordpressConnection, wordpressTerms } from "./wordpress";

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/projects/1");
  setToken("tok.en.wp");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("testWordpressConnection", () => {
  it("posts to the node's test-connection and answers a failed test as a result, not an error", async () => {
    const result = {
      status: "error",
      code: "wordpress_credentials_rejected",
      message: message("wordpress_credentials_rejected", { reason: "bad" }),
      details: { site_url: "https://blog.example.ir", auth_type: "application_password", field: "authData.applicationPassword" },
    };
    const calls = serve(() => json(200, result));
    await expect(testWordpressConnection(9)).resolves.toEqual(result);
    expect(calls[0]!.url).toBe("/api/wordpress/9/test-connection");
    expect(calls[0]!.init.method).toBe("POST");
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok.en.wp");
  });

  it("fails with the field a missing credential is", async () => {
    const text = message("wordpress_incomplete", {});
    serve(() => json(422, errorBody("wordpress_incomplete", text, { field: "authData.jwtToken" })));
    const error = await failure(testWordpressConnection(9));
    expect([error.status, error.code, error.field, error.message]).toEqual([422, "wordpress_incomplete", "authData.jwtToken", text]);
  });
});

describe("wordpressTerms", () => {
  it("reads each list from its own path", async () => {
    const answer = { items: [{ id: 3, name: "اخبار" }], total: 1, truncated: false };
    const calls = serve(() => json(200, answer));
    for (const list of ["categories", "authors", "tags"] as const) {
      await expect(wordpressTerms(9, list)).resolves.toEqual(answer);
    }
    expect(calls.map((c) => `${c.init.method ?? "GET"} ${c.url}`)).toEqual([
      "GET /api/wordpress/9/categories",
      "GET /api/wordpress/9/authors",
      "GET /api/wordpress/9/tags",
    ]);
  });

  it("fails with the site's Persian reason", async () => {
    const text = message("wordpress_rest_disabled", {});
    serve(() => json(424, errorBody("wordpress_rest_disabled", text)));
    const error = await failure(wordpressTerms(9, "tags"));
    expect([error.status, error.message]).toEqual([424, text]);
  });
});
