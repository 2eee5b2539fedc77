import { kindInfo, type NodeKind } from "@dastyar/rules";
import type { PlanView } from "../../api/types";
import { useAtomValue, useSetAtom } from "jotai";
import { useId } from "react";
import { fa } from "../../i18n/fa";
import {
  billingCycleAtom,
  choosePlanAtom,
  nodeCountsAtom,
  purchaseInFlightAtom,
} from "../../state/subscription";
import { planAction } from "../../state/subscriptionRules";
import styles from "./PlanCard.module.css";

/** One plan: its price for the chosen cycle, quotas, credits, features, and what its button does. */
export function PlanCard({ plan }: { plan: PlanView }) {
  const t = fa.subscription.plans;
  const titleId = useId();
  const cycle = useAtomValue(billingCycleAtom);
  const counts = useAtomValue(nodeCountsAtom);
  const inFlight = useAtomValue(purchaseInFlightAtom);
  const choose = useSetAtom(choosePlanAtom);
  const action = planAction(plan, counts);
  const busy = inFlight === `plan:${plan.key}`;

  const quotas: [NodeKind, number | null][] = [
    ["assistant", plan.quota.assistant_nodes],
    ["analyzer", plan.quota.analyzer_nodes],
    ["vectorstore", plan.quota.vector_store_nodes],
  ];

  let label: string;
  if (busy) label = fa.subscription.redirecting;
  else if (action === "current") label = t.isCurrent;
  else if (action === "renew") label = t.renew;
  else if (action === "buy") label = t.buy;
  else label = plan.is_free ? t.toFree : t.change;

  return (
    <article
      className={plan.current ? `${styles.card} ${styles.current}` : styles.card}
      aria-labelledby={titleId}
      data-testid="plan-card"
      data-plan-key={plan.key}
      data-action={action}
    >
      <header className={styles.header}>
        <h3 id={titleId} className={styles.name}>
          {plan.name}
        </h3>
        {plan.current && <span className={styles.badge}>{t.currentBadge}</span>}
      </header>
      <p className={styles.price} data-testid="plan-price">
        {plan.is_free ? t.free : t.price(plan.prices[cycle], cycle)}
      </p>
      <p className={styles.description}>{plan.description}</p>
      <h4 className={styles.subheading}>{t.quotaHeading}</h4>
      <ul className={styles.quotas}>
        {quotas.map(([kind, limit]) => (
          <li key={kind}>{t.quota(kindInfo(kind)?.label ?? kind, limit)}</li>
        ))}
        <li>{t.monthlyCredits(plan.monthly_credits)}</li>
      </ul>
      <ul className={styles.features}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {action === "downgrade" && !plan.is_free && <p className={styles.warning}>{t.overQuota}</p>}
      <button
        type="button"
        className={action === "buy" || action === "renew" ? "button" : "button button-quiet"}
        disabled={action === "current" || inFlight !== null}
        aria-label={action === "buy" && !busy ? t.buyNamed(plan.name) : undefined}
        title={action === "renew" ? t.renewHint : undefined}
        onClick={() => void choose(plan)}
      >
        {label}
      </button>
    </article>
  );
}
