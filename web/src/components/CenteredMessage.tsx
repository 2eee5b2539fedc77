import type { ReactNode } from "react";
import styles from "./CenteredMessage.module.css";

/** A short message alone in the middle of the page (loading, unreachable server). */
export function CenteredMessage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className={styles.wrap} role={busy ? "status" : undefined} aria-busy={busy || undefined}>
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </div>
  );
}
