import type { ReactNode } from "react";
import { fa } from "../i18n/fa";
import styles from "./AuthCard.module.css";

type Props = { title: string; lead: string; children: ReactNode; footer: ReactNode };

/** The centred card that holds the sign-in and sign-up forms. */
export function AuthCard({ title, lead, children, footer }: Props) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true" />
          <span>{fa.app.name}</span>
        </div>
        <p className={styles.tagline}>{fa.app.tagline}</p>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.lead}>{lead}</p>
        {children}
        <footer className={styles.footer}>{footer}</footer>
      </section>
    </main>
  );
}
