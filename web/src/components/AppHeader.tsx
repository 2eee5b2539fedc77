import { useAtomValue, useSetAtom } from "jotai";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { navigate, useLocation } from "../router/history";
import { paths } from "../router/paths";
import { endSessionAtom, userAtom } from "../state/session";
import { useNotify } from "../state/useNotify";
import styles from "./AppHeader.module.css";

/** The bar above every signed-in page: the brand, the sections, the user and sign-out. */
export function AppHeader() {
  const user = useAtomValue(userAtom);
  const endSession = useSetAtom(endSessionAtom);
  const notify = useNotify();
  const { pathname } = useLocation();

  const signOut = () => {
    endSession();
    notify.success(fa.auth.signedOut);
    navigate(paths.signIn, { replace: true });
  };

  const section = (to: string, label: string) => {
    const current = pathname === to || pathname.startsWith(`${to}/`);
    return (
      <Link
        to={to}
        className={current ? `${styles.tab} ${styles.current}` : styles.tab}
        aria-current={current ? "page" : undefined}
      >
        {label}
      </Link>
    );
  };

  return (
    <header className={styles.header}>
      <Link to={paths.projects} className={styles.brand}>
        <span className={styles.logo} aria-hidden="true" />
        {fa.app.name}
      </Link>
      <nav className={styles.nav} aria-label={fa.nav.main}>
        {section(paths.projects, fa.nav.projects)}
        {section(paths.subscription, fa.nav.subscription)}
        {section(paths.account, fa.nav.account)}
      </nav>
      <div className={styles.account}>
        {user && (
          <span className={styles.user} title={user.email} data-testid="user-name">
            {user.name}
          </span>
        )}
        <button type="button" className="button button-quiet" onClick={signOut}>
          {fa.nav.signOut}
        </button>
      </div>
    </header>
  );
}
