// Every page's path, and the sign-in path that remembers where to return.

export const paths = {
  home: "/",
  signIn: "/signin",
  signUp: "/signup",
  projects: "/projects",
  project: (id: number) => `/projects/${id}`,
  subscription: "/subscription",
  account: "/account",
  /** The development gateway's page (`?payment_id=N`); the server's mock payment_url points here. */
  mockGateway: "/subscription/mock-gateway",
  /** Where a payer comes back to (`?payment_id=N`, or `?status=unknown`). */
  paymentResult: "/subscription/payment-result",
} as const;

/** The query parameter the payment pages read. */
export const PAYMENT_PARAM = "payment_id";

/** `/subscription/mock-gateway?payment_id=N`. */
export function mockGatewayPath(paymentId: number): string {
  return `${paths.mockGateway}?${PAYMENT_PARAM}=${paymentId}`;
}

/** `/subscription/payment-result?payment_id=N`. */
export function paymentResultPath(paymentId: number): string {
  return `${paths.paymentResult}?${PAYMENT_PARAM}=${paymentId}`;
}

/** The payment id a payment page was opened with: a whole number from 1, else null. */
export function paymentIdOf(query: URLSearchParams): number | null {
  const raw = query.get(PAYMENT_PARAM);
  if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The query parameter that carries where to go after signing in. */
export const RETURN_PARAM = "next";

/**
 * A path to come back to, when it is safe: on this site, and not a sign-in or
 * sign-up page. Anything else answers null.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return null;
  const pathname = raw.split(/[?#]/)[0];
  if (pathname === paths.signIn || pathname === paths.signUp) return null;
  return raw;
}

/** `/signin?next=<from>`, or plain `/signin` when `from` is not worth returning to. */
export function signInPath(from?: string | null): string {
  return withReturn(paths.signIn, from);
}

/** `/signup?next=<from>`, or plain `/signup`. */
export function signUpPath(from?: string | null): string {
  return withReturn(paths.signUp, from);
}

function withReturn(page: string, from?: string | null): string {
  const back = safeReturnPath(from);
  if (!back || back === paths.projects || back === paths.home) return page;
  return `${page}?${RETURN_PARAM}=${encodeURIComponent(back)}`;
}
