import styles from "./FormError.module.css";

/** An error about a whole form (wrong password, server unreachable), above its button. */
export function FormError({ text }: { text: string }) {
  return (
    <p className={styles.error} role="alert" data-testid="form-error">
      {text}
    </p>
  );
}
