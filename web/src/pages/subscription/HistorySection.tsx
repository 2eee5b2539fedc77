import type { SubscriptionHistory } from "../../api/types";
import { useSetAtom } from "jotai";
import { useId } from "react";
import { fa } from "../../i18n/fa";
import { showHistoryPageAtom } from "../../state/subscription";
import { historyPager } from "../../state/subscriptionRules";
import { HistoryPager } from "./HistoryPager";
import styles from "./HistorySection.module.css";
import { HistoryTable } from "./HistoryTable";

/** My subscriptions, a page at a time. */
export function HistorySection({ history }: { history: SubscriptionHistory }) {
  const titleId = useId();
  const show = useSetAtom(showHistoryPageAtom);
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="history">
      <h2 id={titleId} className={styles.heading}>
        {fa.subscription.history.heading}
      </h2>
      {history.total === 0 ? (
        <p className={styles.empty}>{fa.subscription.history.empty}</p>
      ) : (
        <>
          <HistoryTable items={history.items} />
          <HistoryPager pager={historyPager(history)} onPage={(page) => void show(page)} />
        </>
      )}
    </section>
  );
}
