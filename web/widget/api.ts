// The chat page's calls to its own origin, with the session's token. A 401
// asks the parent page for a new token and retries once; a busy conversation
// (an answer still being written) is retried a few times, a moment apart.
// Every other refusal comes back as a `Failure` for the page to show.

export type Failure = {
  /** The HTTP status, 0 when the request never got an answer. */
  status: number;
  code: string;
  /** The server's words (Persian), empty when it gave none. */
  message: string;
  /** Seconds from `Retry-After`, 0 without one. */
  retryAfter: number;
};

export type Outcome = { ok: true; response: Response } | { ok: false; failure: Failure };

export type Message = { id: number; role: "user" | "assistant"; content: string; created_at: string; sources?: unknown };

export type ApiOptions = {
  key: string;
  token: () => string;
  /** Asks the parent page for a new token; true once one has arrived. */
  renew: () => Promise<boolean>;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  busyRetries?: number;
  busyDelay?: number;
};

/** Seconds to wait from a `Retry-After` value (seconds or an HTTP date). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number {
  if (!value) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

async function readFailure(response: Response): Promise<Failure> {
  let code = "";
  let message = "";
  try {
    const body = await response.json();
    code = String(body?.error?.code ?? "");
    message = String(body?.error?.message ?? "");
  } catch {
    // Not our JSON error (a proxy's page): the status says enough.
  }
  return { status: response.status, code, message, retryAfter: retryAfterSeconds(response.headers.get("Retry-After")) };
}

/** A fresh idempotency key. */
export function newId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function createApi(options: ApiOptions) {
  const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const busyRetries = options.busyRetries ?? 10;
  const busyDelay = options.busyDelay ?? 1500;

  async function request(path: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<Outcome> {
    let renewed = false;
    let busy = 0;
    for (;;) {
      let response: Response;
      try {
        response = await fetcher(`/api/widget/${encodeURIComponent(options.key)}${path}`, {
          method,
          headers: {
            ...headers,
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
            Authorization: `Bearer ${options.token()}`,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          cache: "no-store",
        });
      } catch {
        return { ok: false, failure: { status: 0, code: "network", message: "", retryAfter: 0 } };
      }
      if (response.ok) return { ok: true, response };
      const failure = await readFailure(response);
      if (failure.status === 401 && !renewed) {
        renewed = true;
        if (await options.renew()) continue;
      } else if (failure.code === "conversation_busy" && busy < busyRetries) {
        busy++;
        await sleep(busyDelay);
        continue;
      }
      return { ok: false, failure };
    }
  }

  return {
    /** The visitor's latest conversation. */
    conversation: async (): Promise<{ ok: true; id: number | null; messages: Message[] } | { ok: false; failure: Failure }> => {
      const outcome = await request("/conversation", "GET");
      if (!outcome.ok) return outcome;
      try {
        const body = await outcome.response.json();
        return { ok: true, id: body.id ?? null, messages: Array.isArray(body.messages) ? body.messages : [] };
      } catch {
        return { ok: false, failure: { status: 0, code: "network", message: "", retryAfter: 0 } };
      }
    },
    /** A person's message; the answer streams in the response's body. */
    send: (content: string, idempotencyKey: string) =>
      request("/messages", "POST", { content }, { "Idempotency-Key": idempotencyKey }),
    /** Starts a new conversation. */
    newConversation: () => request("/conversation/new", "POST"),
  };
}

export type Api = ReturnType<typeof createApi>;
