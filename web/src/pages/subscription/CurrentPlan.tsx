import type { CurrentSubscription } from "../../api/types";
import { useId } from "react";
import { formatJalaliDate } from "../../format/date";
import { fa } from "../../i18n/fa";
import styles from "./CurrentPlan.module.css";

/** My plan now: its name, the subscription's standing and end, and my credits. */
export function CurrentPlan({ current }: { current: CurrentSubscription }) {
  const t = fa.subscription.current;
  const titleId = useId();
  const { plan, subscription, expired_subscription: ended, credit_balance } = current;
  return (
    <section className={styles.summary} aria-labelledby={titleId} data-testid="current-plan">
      <h2 id={titleId} className={styles.heading}>
        {t.heading}
      </h2>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t.plan}</dt>
          <dd className={styles.plan} data-testid="current-plan-name">
            {plan.name}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t.status}</dt>
          <dd data-testid="current-plan-status">
            {subscription ? fa.subscription.status[subscription.status] : t.free}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t.expires}</dt>
          <dd data-testid="current-plan-expires">
            {subscription ? formatJalaliDate(subscription.expires_at) : t.noEnd}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t.credits}</dt>
          <dd className={styles.credits} data-testid="credit-balance">
            {t.creditCount(credit_balance)}
          </dd>
        </div>
      </dl>
      {!subscription && ended && (
        <p className={styles.note}>{t.ended(ended.plan_name, formatJalaliDate(ended.expires_at))}</p>
      )}
    </section>
  );
}
