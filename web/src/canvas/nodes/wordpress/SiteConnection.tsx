// The node's site in its settings panel: the connection test with its
// Persian result (who signed in, or why not and what WordPress said), and
// the state of the lists the pickers read from the site. Both use what is
// saved, so they wait for a save when the address or credentials changed.
import type { WordpressData } from "@dastyar/rules";
import { useState } from "react";
import { formatDigits } from "../../../format/number";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import type { WordpressSiteView } from "../../../state/useWordpressSite";
import { Facts } from "../../panels/fields/Facts";
import fieldStyles from "../../panels/fields/fields.module.css";
import { resultFacts, rightsWarning, wordpressSaid } from "./connection";
import styles from "./WordpressPanel.module.css";

const t = fa.nodes.wordpress.site;

type Props = {
  site: WordpressSiteView;
  /** Why the site cannot be asked yet (unsaved, incomplete, edited), or null when it can. */
  blocked: string | null;
  draft: WordpressData;
};

export function SiteConnection({ site, blocked, draft }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const result = site.test;

  const test = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await site.runTest();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const warning = result ? rightsWarning(result, draft) : null;
  const said = result ? wordpressSaid(result) : null;
  const counts = (["categories", "authors", "tags"] as const).map((l) => formatDigits(site.lists[l]?.length ?? 0));
  const read = site.lists.categories !== null || site.lists.authors !== null || site.lists.tags !== null;

  return (
    <section className={styles.section} aria-label={t.title} data-testid="wordpress-site">
      <h3 className={styles.title}>{t.title}</h3>
      <div className={styles.row}>
        <button
          type="button"
          className="button"
          disabled={blocked !== null || busy}
          onClick={() => void test()}
          data-testid="wordpress-test"
        >
          {busy ? t.testing : t.test}
        </button>
        <button
          type="button"
          className="button button-quiet"
          disabled={blocked !== null || site.loading}
          onClick={site.reload}
          data-testid="wordpress-reload"
        >
          {site.loading ? t.loadingLists : t.reload}
        </button>
      </div>
      {blocked && <p className={fieldStyles.hint}>{blocked}</p>}
      {problem && (
        <p className={fieldStyles.error} role="alert" data-testid="wordpress-test-problem">
          {problem}
        </p>
      )}
      {result && (
        <div aria-live="polite" data-testid="wordpress-test-result" data-status={result.status}>
          <p className={result.status === "success" ? styles.ok : fieldStyles.error} role={result.status === "error" ? "alert" : "status"}>
            {result.message}
          </p>
          {said && (
            <p className={styles.said} dir="auto" data-testid="wordpress-said">
              {t.wordpressSaid} {said}
            </p>
          )}
          {result.status === "success" && <Facts facts={resultFacts(result)} />}
          {warning && (
            <p className={styles.warning} role="alert" data-testid="wordpress-rights">
              {warning}
            </p>
          )}
        </div>
      )}
      {site.error && (
        <p className={fieldStyles.error} role="alert" data-testid="wordpress-lists-error">
          {site.error}
        </p>
      )}
      {read && !site.loading && (
        <p className={fieldStyles.hint} data-testid="wordpress-lists">
          {t.loaded(counts[0]!, counts[1]!, counts[2]!)}
        </p>
      )}
      {site.truncated.length > 0 && <p className={styles.warning}>{t.truncated}</p>}
    </section>
  );
}
