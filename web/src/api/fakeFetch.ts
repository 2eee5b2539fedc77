// For the API modules' tests: a fetch that records calls and answers as the
// server would, and the server's error shape.
import { expect, vi } from "vitest";
import { ApiError } from "./client";

export type Call = { url: string; init: RequestInit };

/** Replaces fetch with one that records calls and answers `respond()`. */
export function serve(respond: () => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond();
    }),
  );
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export const errorBody = (code: string, text: string, details: Record<string, unknown> = {}) => ({
  error: { code, message: text, details },
});

/** The ApiError `promise` fails with (the test fails if it does not). */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("the call did not fail");
}
