// Every page's path, and the sign-in path that remembers where to return.

export const paths = {
  home: "/",
  signIn: "/signin",
  signUp: "/signup",
  projects: "/projects",
  project: (id: number) => `/projects/${id}`,
  subscription: "/subscription",
} as const;

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
