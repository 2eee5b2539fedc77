// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fa } from "../i18n/fa";
import { ApiError, onSessionExpired, request } from "./client";
import { deleteProject } from "./projects";
import { getToken, setToken, TOKEN_KEY } from "./token";
import { errorBody, failure, json, serve } from "./fakeFetch";


beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("request", () => {
  it("sends the stored token as a bearer token and parses the JSON answer", async () => {
    setToken("abc.def.ghi");
    const calls = serve(() => json(200, [{ id: 1 }]));
    await expect(request("/projects")).resolves.toEqual([{ id: 1 }]);
    expect(calls[0].url).toBe("/api/projects");
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer abc.def.ghi");
    expect(headers["Content-Type"]).toBeUndefined();
  });

  it("sends a body as JSON and leaves the token off sign-in calls", async () => {
    setToken("old-token");
    const calls = serve(() => json(200, { token: "t", user: { id: 1, email: "a@b.c", name: "A" } }));
    await request("/auth/login", { method: "POST", body: { email: "a@b.c", password: "x" }, auth: false });
    const { init } = calls[0];
    expect(init.method).toBe("POST");
    expect(init.body).toBe(JSON.stringify({ email: "a@b.c", password: "x" }));
    const headers = init.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers.Authorization).toBeUndefined();
  });

  it("answers undefined for 204 No Content", async () => {
    serve(() => new Response(null, { status: 204 }));
    await expect(request("/projects/1", { method: "DELETE" })).resolves.toBeUndefined();
  });
});

describe("errors", () => {
  it("carry the server's status, code, Persian message and field", async () => {
    const text = message("email_taken", {});
    serve(() => json(422, errorBody("email_taken", text, { field: "email" })));
    const error = await failure(request("/auth/register", { method: "POST", body: {}, auth: false }));
    expect(error.status).toBe(422);
    expect(error.code).toBe("email_taken");
    expect(error.message).toBe(text);
    expect(error.field).toBe("email");
    expect(error.details).toEqual({ field: "email" });
  });

  it("have no field when details name none", async () => {
    serve(() => json(409, errorBody("conflict", "x")));
    const error = await failure(request("/projects"));
    expect(error.field).toBeUndefined();
  });

  it("without an error body take the rules' message for the status", async () => {
    serve(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await failure(request("/projects"));
    expect(error.status).toBe(502);
    expect(error.code).toBe("internal_error");
    expect(error.message).toBe(message("internal_error", {}));

    serve(() => json(404, { unexpected: true }));
    const missing = await failure(request("/projects/9"));
    expect(missing.code).toBe("not_found");
    expect(missing.message).toBe(message("not_found", {}));
  });

  it("of the network say so in Persian with status 0", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const error = await failure(request("/projects"));
    expect(error.status).toBe(0);
    expect(error.code).toBe("network_error");
    expect(error.message).toBe(fa.errors.network);
  });

  it("of an aborted call stay aborts", async () => {
    const abort = new AbortController();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        abort.abort();
        throw new DOMException("aborted", "AbortError");
      }),
    );
    await expect(request("/projects", { signal: abort.signal })).rejects.toHaveProperty("name", "AbortError");
  });
});

describe("401 on a signed-in call", () => {
  const unauthenticated = () => json(401, errorBody("unauthenticated", message("unauthenticated", {})));

  it("clears the token and sends the person to sign in, remembering where they were", async () => {
    setToken("expired");
    window.history.replaceState(null, "", "/projects/42?tab=nodes");
    const ended = vi.fn();
    const stop = onSessionExpired(ended);
    serve(unauthenticated);

    const error = await failure(request("/projects/42"));
    stop();

    expect(error.status).toBe(401);
    expect(error.code).toBe("unauthenticated");
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    expect(window.location.pathname).toBe("/signin");
    expect(new URLSearchParams(window.location.search).get("next")).toBe("/projects/42?tab=nodes");
  });

  it("several calls meeting the 401 at once still return to the page they left", async () => {
    setToken("expired");
    window.history.replaceState(null, "", "/projects/7");
    serve(unauthenticated);
    await Promise.all([failure(request("/projects/7")), failure(request("/projects/7/nodes")), failure(request("/projects/7/edges"))]);
    expect(window.location.pathname).toBe("/signin");
    expect(new URLSearchParams(window.location.search).get("next")).toBe("/projects/7");
  });

  it("from the projects list goes to plain sign-in", async () => {
    setToken("expired");
    window.history.replaceState(null, "", "/projects");
    serve(unauthenticated);
    await failure(request("/projects"));
    expect(window.location.pathname + window.location.search).toBe("/signin");
  });

  it("is only a wrong password on sign-in: no redirect, the token stays", async () => {
    setToken("still-mine");
    window.history.replaceState(null, "", "/signin?next=%2Fprojects%2F3");
    const ended = vi.fn();
    const stop = onSessionExpired(ended);
    const text = message("invalid_credentials", {});
    serve(() => json(401, errorBody("invalid_credentials", text)));

    const error = await failure(request("/auth/login", { method: "POST", body: {}, auth: false }));
    stop();

    expect(error.code).toBe("invalid_credentials");
    expect(error.message).toBe(text);
    expect(getToken()).toBe("still-mine");
    expect(ended).not.toHaveBeenCalled();
    expect(window.location.search).toBe("?next=%2Fprojects%2F3");
  });
});

describe("deleteProject", () => {
  it("counts a project that is already gone as deleted", async () => {
    serve(() => json(404, errorBody("not_found", message("not_found", {}))));
    await expect(deleteProject(7)).resolves.toBeUndefined();
  });

  it("still reports other failures", async () => {
    serve(() => json(500, errorBody("internal_error", message("internal_error", {}))));
    await expect(deleteProject(7)).rejects.toBeInstanceOf(ApiError);
  });
});
