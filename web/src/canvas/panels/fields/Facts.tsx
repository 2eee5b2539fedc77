// Read-only facts in a settings panel (what the server or the provider set,
// not for the person to edit): a term, its value, and an optional note.
import type { ReactNode } from "react";
import styles from "./Facts.module.css";

export type Fact = {
  /** The data field it shows, for tests (`data-fact`). */
  field: string;
  term: string;
  value: ReactNode;
  /** Ids, addresses and other Latin text. */
  ltr?: boolean;
  note?: string;
};

export function Facts({ title, facts }: { title?: string; facts: readonly Fact[] }) {
  return (
    <section className={styles.facts} aria-label={title}>
      {title && <h3 className={styles.title}>{title}</h3>}
      <dl className={styles.list}>
        {facts.map((f) => (
          <div key={f.field} className={styles.row} data-fact={f.field}>
            <dt className={styles.term}>{f.term}</dt>
            <dd className={styles.value}>
              <span dir={f.ltr ? "ltr" : undefined}>{f.value}</span>
              {f.note && <span className={styles.note}>{f.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
