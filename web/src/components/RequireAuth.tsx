import { useAtomValue, useSetAtom } from "jotai";
import type { ReactNode } from "react";
import { fa } from "../i18n/fa";
import { currentPath } from "../router/history";
import { Redirect } from "../router/Redirect";
import { signInPath } from "../router/paths";
import { checkSessionAtom, sessionAtom } from "../state/session";
import { CenteredMessage } from "./CenteredMessage";

/** Shows `children` to a signed-in person; anyone else goes to sign in and comes back here after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const check = useSetAtom(checkSessionAtom);
  switch (session.status) {
    case "signedIn":
      return children;
    case "signedOut":
      return <Redirect to={signInPath(currentPath())} />;
    case "unreachable":
      return (
        <CenteredMessage>
          <p role="alert">{session.error.message}</p>
          <button type="button" className="button" onClick={() => void check()}>
            {fa.app.retry}
          </button>
        </CenteredMessage>
      );
    case "checking":
      return <CenteredMessage busy>{fa.app.loading}</CenteredMessage>;
  }
}
