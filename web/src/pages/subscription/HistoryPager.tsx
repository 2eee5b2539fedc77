import type { HistoryPager as Pager } from "../../state/subscriptionRules";
import { fa } from "../../i18n/fa";
import styles from "./HistoryPager.module.css";

type Props = { pager: Pager; onPage: (page: number) => void };

/** Previous, «صفحهٔ ۱ از ۳», next. */
export function HistoryPager({ pager, onPage }: Props) {
  const t = fa.subscription.history;
  const { previous, next } = pager;
  return (
    <nav className={styles.pager} aria-label={t.pager}>
      <button
        type="button"
        className="button button-quiet"
        disabled={previous === null}
        onClick={() => previous !== null && onPage(previous)}
      >
        {t.previous}
      </button>
      <span className={styles.where} data-testid="history-page">
        {t.pageOf(pager.page, Math.max(pager.pages, 1))}
      </span>
      <button
        type="button"
        className="button button-quiet"
        disabled={next === null}
        onClick={() => next !== null && onPage(next)}
      >
        {t.next}
      </button>
    </nav>
  );
}
