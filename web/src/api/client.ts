// The one place that talks to the server: JSON in and out, the bearer token
// added, and every failure turned into an ApiError with the Persian text to show.
import { message, type MessageCode } from "@dastyar/rules";
import type { ErrorBody } from "./types";
import { fa } from "../i18n/fa";
import { currentPath, navigate } from "../router/history";
import { paths, signInPath } from "../router/paths";
import { clearToken, getToken } from "./token";

/** A failed call: the HTTP status (0 when the server was not reached), the error code and its Persian message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: MessageCode | "network_error";
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: MessageCode | "network_error",
    text: string,
    details: Record<string, unknown> = {},
  ) {
    super(text);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The field a 422 is about (`details.field`), if it names one. */
  get field(): string | undefined {
    const field = this.details.field;
    return typeof field === "string" ? field : undefined;
  }
}

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Whether this call belongs to a signed-in session (default true). A 401 on
   * such a call ends the session; sign-in and sign-up set it to false. */
  auth?: boolean;
  signal?: AbortSignal;
};

type Listener = () => void;
const sessionEndListeners = new Set<Listener>();

/** Called whenever the server answers 401 to a signed-in call (the token is already cleared). */
export function onSessionExpired(listener: Listener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** Calls `path` under `/api` and answers the parsed JSON body (undefined for 204). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, "network_error", fa.errors.network);
  }

  if (response.ok) {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text === "" ? undefined : JSON.parse(text)) as T;
  }

  const error = await errorOf(response);
  if (error.status === 401 && auth) endSession();
  throw error;
}

/** The ApiError for a failed response: the server's `{"error": {...}}` when it sent one. */
export async function errorOf(response: Response): Promise<ApiError> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await response.text());
  } catch {
    parsed = undefined;
  }
  if (isErrorBody(parsed)) {
    const { code, message: text, details } = parsed.error;
    return new ApiError(response.status, code, text, details ?? {});
  }
  const code = codeForStatus(response.status);
  return new ApiError(response.status, code, message(code, {}));
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return false;
  const { code, message: text, details } = error as Record<string, unknown>;
  return (
    typeof code === "string" &&
    typeof text === "string" &&
    (details === undefined || (typeof details === "object" && details !== null))
  );
}

/** The code for an error answer that carried no error body (a proxy's page, say). */
function codeForStatus(status: number): MessageCode {
  switch (status) {
    case 401:
      return "unauthenticated";
    case 402:
      return "insufficient_credits";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 413:
      return "too_large";
    case 422:
      return "invalid_input";
    default:
      return "internal_error";
  }
}

/**
 * For signed-in calls made without `request` (uploads with progress, file
 * downloads): a 401 ends the session as it would there. Answers the error.
 */
export function signedInFailure(error: ApiError): ApiError {
  if (error.status === 401) endSession();
  return error;
}

/** The token is no good: forget it and send the person to sign in, remembering where they were. */
function endSession(): void {
  clearToken();
  for (const listener of sessionEndListeners) listener();
  // Several calls in flight may each meet the 401: the first one leads to
  // sign-in, remembering the page; the rest must not make sign-in the page to return to.
  if (window.location.pathname === paths.signIn) return;
  navigate(signInPath(currentPath()), { replace: true });
}
