// "Try a search": what the assistant would find for a question, each passage
// with its file and place; the server's Persian refusal shows on the field.
import { useState } from "react";
import { searchKnowledge } from "../../api/knowledge";
import type { Passage } from "../../api/types";
import { fa } from "../../i18n/fa";
import { errorText } from "../../state/notifications";
import { citationText } from "../../../shared/citation";
import { Field } from "../panels/fields/Field";
import fieldStyles from "../panels/fields/fields.module.css";
import styles from "./Knowledge.module.css";

const words = fa.knowledge.search;

export function KnowledgeSearch({ dbId }: { dbId: number }) {
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [passages, setPassages] = useState<Passage[] | null>(null);

  const search = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      setPassages(await searchKnowledge(dbId, query));
    } catch (error) {
      setPassages(null);
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-label={words.title} data-testid="knowledge-search">
      <h3 className={styles.title}>{words.title}</h3>
      {/* No <form>: the panel is one, and its submit saves the node. */}
      <Field label={words.query} hint={words.hint} error={problem ?? undefined}>
        {(id, describedBy) => (
          <div className={styles.search}>
            <input
              id={id}
              name="knowledge-query"
              type="search"
              className={fieldStyles.input}
              dir="auto"
              value={query}
              aria-describedby={describedBy}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  void search();
                }
              }}
            />
            <button
              type="button"
              className="button button-quiet"
              disabled={busy}
              onClick={() => void search()}
              data-testid="knowledge-search-submit"
            >
              {busy ? words.searching : words.submit}
            </button>
          </div>
        )}
      </Field>
      {passages !== null &&
        (passages.length === 0 ? (
          <p className={styles.hint} role="status">
            {words.none}
          </p>
        ) : (
          <ol className={styles.list} aria-label={words.results}>
            {passages.map((passage, index) => (
              <li key={index} className={styles.item} data-testid="knowledge-passage">
                <bdi className={styles.source} data-testid="passage-source">
                  {citationText(passage, fa.knowledge.sources)}
                </bdi>
                <p className={styles.text}>{passage.text}</p>
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
