import { PageShell } from "../components/PageShell";
import { fa } from "../i18n/fa";
import styles from "./Subscription.module.css";

/** The plan upgrade page the limit messages send people to; plans and credits come later. */
export function Subscription() {
  return (
    <PageShell>
      <h1 className={styles.title}>{fa.subscription.title}</h1>
      <p className={styles.placeholder}>{fa.subscription.placeholder}</p>
    </PageShell>
  );
}
