// "Read again" for a node some of whose files could not be read; the server's
// reason shows under it when the request itself fails.
import { useState } from "react";
import { fa } from "../../i18n/fa";
import { errorText } from "../../state/notifications";
import styles from "./Knowledge.module.css";

export function ReindexButton({ reindex }: { reindex: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await reindex();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.reindex}>
      <button type="button" className="button button-quiet" disabled={busy} onClick={() => void run()}>
        {busy ? fa.knowledge.reindexing : fa.knowledge.reindex}
      </button>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
