import type { ReactNode } from "react";
import { AppHeader } from "./AppHeader";
import styles from "./PageShell.module.css";

/** A signed-in page: the header, then the page's own content. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <>
      <AppHeader />
      <main className={styles.main}>{children}</main>
    </>
  );
}
