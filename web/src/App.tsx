import { Provider, useSetAtom } from "jotai";
import { useEffect, type ReactNode } from "react";
import { onSessionExpired } from "./api/client";
import { Notifications } from "./components/Notifications";
import { RequireAuth } from "./components/RequireAuth";
import { fa } from "./i18n/fa";
import { Account } from "./pages/Account";
import { Canvas } from "./pages/Canvas";
import { MockGateway } from "./pages/MockGateway";
import { NotFound } from "./pages/NotFound";
import { PaymentResult } from "./pages/PaymentResult";
import { Projects } from "./pages/Projects";
import { SignIn } from "./pages/SignIn";
import { SignUp } from "./pages/SignUp";
import { Subscription } from "./pages/Subscription";
import { useLocation } from "./router/history";
import { matchPath } from "./router/match";
import { paths } from "./router/paths";
import { Redirect } from "./router/Redirect";
import { projectsAtom } from "./state/projects";
import { checkSessionAtom, sessionAtom } from "./state/session";
import { store } from "./state/store";

/** The page for a path. */
function page(pathname: string): ReactNode {
  if (pathname === paths.home) return <Redirect to={paths.projects} />;
  if (pathname === paths.signIn) return <SignIn />;
  if (pathname === paths.signUp) return <SignUp />;
  if (pathname === paths.projects)
    return (
      <RequireAuth>
        <Projects />
      </RequireAuth>
    );
  if (pathname === paths.subscription)
    return (
      <RequireAuth>
        <Subscription />
      </RequireAuth>
    );
  if (pathname === paths.account)
    return (
      <RequireAuth>
        <Account />
      </RequireAuth>
    );
  if (pathname === paths.mockGateway)
    return (
      <RequireAuth>
        <MockGateway />
      </RequireAuth>
    );
  if (pathname === paths.paymentResult)
    return (
      <RequireAuth>
        <PaymentResult />
      </RequireAuth>
    );
  const project = matchPath("/projects/:id", pathname);
  if (project && /^[1-9][0-9]{0,15}$/.test(project.id))
    return (
      <RequireAuth>
        <Canvas key={project.id} projectId={Number(project.id)} />
      </RequireAuth>
    );
  return <NotFound />;
}

function Routes() {
  const { pathname } = useLocation();
  const checkSession = useSetAtom(checkSessionAtom);

  // Who the stored token belongs to, once at start.
  useEffect(() => {
    void checkSession();
  }, [checkSession]);

  // A 401 on any signed-in call ends the session (the client has cleared the token
  // and is on its way to sign-in).
  useEffect(
    () =>
      onSessionExpired(() => {
        store.set(projectsAtom, null);
        store.set(sessionAtom, { status: "signedOut" });
      }),
    [],
  );

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return page(pathname);
}

export function App() {
  useEffect(() => {
    document.title = fa.app.name;
  }, []);
  return (
    <Provider store={store}>
      <Routes />
      <Notifications />
    </Provider>
  );
}
