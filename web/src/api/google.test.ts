// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authorizeGoogle, googleSetup, syncGoogle } from "./google";
import { setToken } from "./token";
import { errorBody, failure, json, serve } from "./fakeFetch";

beforeEach(() => {
  window.localStorage.clear();
  setToken("tok.en.gg");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("googleSetup", () => {
  it("gets /google/status with the bearer token", async () => {
    const setup = { configured: false, missing: ["DASTYAR_GOOGLE_CLIENT_ID"], redirect_uri: "https://d.example/api/google/callback", message: "پیکربندی" };
    const calls = serve(() => json(200, setup));
    await expect(googleSetup()).resolves.toEqual(setup);
    expect(calls[0]!.url).toBe("/api/google/status");
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok.en.gg");
  });
});

describe("authorizeGoogle", () => {
  it("posts /google/{id}/authorize and answers Google's consent URL", async () => {
    const calls = serve(() => json(200, { url: "https://accounts.google.com/o/oauth2/v2/auth?state=s" }));
    await expect(authorizeGoogle(5)).resolves.toEqual({ url: "https://accounts.google.com/o/oauth2/v2/auth?state=s" });
    expect(calls[0]!.url).toBe("/api/google/5/authorize");
    expect(calls[0]!.init.method).toBe("POST");
  });

  it("fails with the server's Persian message when Google is not configured", async () => {
    const text = "اتصال به گوگل هنوز پیکربندی نشده است.";
    serve(() => json(409, errorBody("google_not_configured", text)));
    expect(await failure(authorizeGoogle(5))).toMatchObject({ status: 409, code: "google_not_configured", message: text });
  });
});

describe("syncGoogle", () => {
  it("posts /google/{id}/sync", async () => {
    const status = { documents: [], ready: 0, processing: 1, failed: 0 };
    const calls = serve(() => json(200, status));
    await expect(syncGoogle(5)).resolves.toEqual(status);
    expect(calls[0]!.url).toBe("/api/google/5/sync");
    expect(calls[0]!.init.method).toBe("POST");
  });
});
