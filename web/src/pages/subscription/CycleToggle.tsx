import type { BillingCycle } from "../../api/types";
import { useAtom } from "jotai";
import { fa } from "../../i18n/fa";
import { billingCycleAtom } from "../../state/subscription";
import styles from "./CycleToggle.module.css";

const CYCLES: BillingCycle[] = ["monthly", "yearly"];

/** Monthly or yearly: what the plan cards price and buy. Radio buttons, so arrow keys work. */
export function CycleToggle() {
  const [cycle, setCycle] = useAtom(billingCycleAtom);
  return (
    <fieldset className={styles.toggle} data-testid="cycle-toggle">
      <legend className="visually-hidden">{fa.subscription.plans.cycleLabel}</legend>
      {CYCLES.map((option) => (
        <label key={option} className={option === cycle ? `${styles.option} ${styles.checked}` : styles.option}>
          <input
            type="radio"
            name="billing-cycle"
            className="visually-hidden"
            value={option}
            checked={option === cycle}
            onChange={() => setCycle(option)}
          />
          {fa.subscription.cycle[option]}
        </label>
      ))}
    </fieldset>
  );
}
