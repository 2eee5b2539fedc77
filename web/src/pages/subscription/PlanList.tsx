import type { PlanView } from "../../api/types";
import { useId } from "react";
import { fa } from "../../i18n/fa";
import { CycleToggle } from "./CycleToggle";
import { PlanCard } from "./PlanCard";
import styles from "./PlanList.module.css";

/** The plans side by side, with the monthly/yearly choice above them. */
export function PlanList({ plans }: { plans: PlanView[] }) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.heading}>
          {fa.subscription.plans.heading}
        </h2>
        <CycleToggle />
      </div>
      <p className={styles.note} data-testid="plans-every-plan">
        {fa.subscription.plans.everyPlan}
      </p>
      <p className={styles.note}>{fa.subscription.plans.periodsNote}</p>
      <ul className={styles.grid}>
        {plans.map((plan) => (
          <li key={plan.key}>
            <PlanCard plan={plan} />
          </li>
        ))}
      </ul>
    </section>
  );
}
