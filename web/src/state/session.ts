// Who is signed in. The token itself lives in localStorage (api/token.ts);
// this is what the app knows about it.
import type { AuthResponse, User } from "../api/types";
import { atom } from "jotai";
import { me } from "../api/auth";
import { ApiError } from "../api/client";
import { clearToken, getToken, setToken } from "../api/token";
import { projectsAtom } from "./projects";

export type Session =
  | { status: "checking" }
  | { status: "signedOut" }
  | { status: "signedIn"; user: User }
  /** The server could not be asked (it is down or unreachable). */
  | { status: "unreachable"; error: ApiError };

export const sessionAtom = atom<Session>({ status: "checking" });

/** The signed-in user, or null. */
export const userAtom = atom((get) => {
  const session = get(sessionAtom);
  return session.status === "signedIn" ? session.user : null;
});

/** Asks the server who the stored token belongs to. */
export const checkSessionAtom = atom(null, async (_get, set) => {
  if (!getToken()) {
    set(sessionAtom, { status: "signedOut" });
    return;
  }
  set(sessionAtom, { status: "checking" });
  try {
    set(sessionAtom, { status: "signedIn", user: await me() });
  } catch (error) {
    // A 401 has already cleared the token and gone to sign-in (api/client.ts).
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
      set(sessionAtom, { status: "unreachable", error });
    } else {
      set(sessionAtom, { status: "signedOut" });
    }
  }
});

/** Keeps the token of a sign-in or sign-up and starts the session. */
export const startSessionAtom = atom(null, (_get, set, auth: AuthResponse) => {
  setToken(auth.token);
  set(projectsAtom, null);
  set(sessionAtom, { status: "signedIn", user: auth.user });
});

/** Forgets the token and everything loaded with it. */
export const endSessionAtom = atom(null, (_get, set) => {
  clearToken();
  set(projectsAtom, null);
  set(sessionAtom, { status: "signedOut" });
});
