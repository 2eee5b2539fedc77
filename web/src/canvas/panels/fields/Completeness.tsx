import type { Problem } from "@dastyar/rules";
import styles from "./fields.module.css";

type Props = {
  /** The rules' list of what is still missing (connecting needs none). */
  missing: Problem[];
  completeText: string;
  incompleteText: string;
  /** Persian names of the fields the problems name. */
  fieldNames: Partial<Record<string, string>>;
  testId: string;
};

/** Whether a configuration is complete enough to connect, and if not, what it lacks. */
export function Completeness({ missing, completeText, incompleteText, fieldNames, testId }: Props) {
  return (
    <section data-testid={testId} data-complete={missing.length === 0}>
      {missing.length === 0 ? (
        <p className={styles.hint}>{completeText}</p>
      ) : (
        <>
          <p className={styles.hint}>{incompleteText}</p>
          <ul className={`${styles.hint} ${styles.list}`}>
            {missing.map((p) => (
              <li key={p.field}>
                {fieldNames[p.field] ?? p.field}: {p.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
