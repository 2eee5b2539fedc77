import type { SubscriptionView } from "../../api/types";
import { useAtomValue, useSetAtom } from "jotai";
import { formatJalaliDate } from "../../format/date";
import { fa } from "../../i18n/fa";
import { payPendingSubscriptionAtom, purchaseInFlightAtom } from "../../state/subscription";
import styles from "./HistoryTable.module.css";

/** One page of my subscriptions; a pending one can be paid from its row. */
export function HistoryTable({ items }: { items: SubscriptionView[] }) {
  const t = fa.subscription.history;
  const inFlight = useAtomValue(purchaseInFlightAtom);
  const pay = useSetAtom(payPendingSubscriptionAtom);
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.plan}</th>
            <th scope="col">{t.cycle}</th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.amount}</th>
            <th scope="col">{t.start}</th>
            <th scope="col">{t.end}</th>
            <th scope="col">
              <span className="visually-hidden">{t.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.id} data-testid="history-row" data-status={row.status}>
              <td className={styles.plan}>{row.plan_name}</td>
              <td>{fa.subscription.cycle[row.billing_cycle]}</td>
              <td>
                <span className={`${styles.status} ${styles[row.status]}`}>{fa.subscription.status[row.status]}</span>
              </td>
              <td>{fa.subscription.rials(row.amount)}</td>
              <td>{formatJalaliDate(row.started_at)}</td>
              <td>{formatJalaliDate(row.expires_at)}</td>
              <td>
                {row.status === "pending" && (
                  <button
                    type="button"
                    className="button"
                    disabled={inFlight !== null}
                    aria-label={t.payNamed(row.plan_name)}
                    onClick={() => void pay(row.id)}
                  >
                    {inFlight === `pay:${row.id}` ? fa.subscription.redirecting : t.pay}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
