import { useAtomValue, useSetAtom } from "jotai";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { dismissNotificationAtom, notificationsAtom } from "../state/notifications";
import styles from "./Notifications.module.css";

/** The stack of notifications; each leaves by itself (state/notifications.ts) or by its close button. */
export function Notifications() {
  const list = useAtomValue(notificationsAtom);
  const dismiss = useSetAtom(dismissNotificationAtom);
  return (
    <section className={styles.stack} aria-label={fa.notifications.region}>
      {list.map((n) => (
        <div
          key={n.id}
          className={`${styles.item} ${n.kind === "error" ? styles.error : styles.success}`}
          role={n.kind === "error" ? "alert" : "status"}
          data-kind={n.kind}
          data-testid="notification"
        >
          <span className={styles.icon} aria-hidden="true">
            {n.kind === "error" ? "!" : "✓"}
          </span>
          <p className={styles.text}>
            {n.text}
            {n.link && (
              <>
                {" "}
                <Link to={n.link.href} className={styles.link}>
                  {n.link.text}
                </Link>
              </>
            )}
          </p>
          <button
            type="button"
            className={styles.close}
            aria-label={fa.notifications.close}
            onClick={() => dismiss(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
