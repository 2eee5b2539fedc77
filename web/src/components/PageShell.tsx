import type { ReactNode } from "react";
import { AppHeader } from "./AppHeader";
import styles from "./PageShell.module.css";

/** A signed-in page: the header, then the page's own content (`wide` for the canvas: the whole width). */
export function PageShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <>
      <AppHeader />
      <main className={wide ? styles.wide : styles.main}>{children}</main>
    </>
  );
}
