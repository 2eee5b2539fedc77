import type { CreditHistory } from "../../api/types";
import { useId } from "react";
import { formatJalaliDate } from "../../format/date";
import { fa } from "../../i18n/fa";
import styles from "./HistorySection.module.css";
import table from "./HistoryTable.module.css";

/** My latest paid credit purchases: when, what, how many credits, for how much, and the gateway's reference. */
export function CreditHistorySection({ history }: { history: CreditHistory }) {
  const t = fa.subscription.creditHistory;
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="credit-history">
      <h2 id={titleId} className={styles.heading}>
        {t.heading}
      </h2>
      {history.total === 0 ? (
        <p className={styles.empty}>{t.empty}</p>
      ) : (
        <div className={table.scroll}>
          <table className={table.table}>
            <caption className="visually-hidden">{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.what}</th>
                <th scope="col">{t.credits}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.refId}</th>
              </tr>
            </thead>
            <tbody>
              {history.items.map((row) => (
                <tr key={row.id} data-testid="credit-history-row">
                  <td>{formatJalaliDate(row.paid_at)}</td>
                  <td className={table.plan}>{row.package_name ?? t.custom}</td>
                  <td>{fa.subscription.credits.packageCredits(row.credits)}</td>
                  <td>{fa.subscription.rials(row.amount)}</td>
                  <td dir="ltr">{row.ref_id ?? t.noRef}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.total > history.items.length && <p className={styles.empty}>{t.more(history.total)}</p>}
    </section>
  );
}
