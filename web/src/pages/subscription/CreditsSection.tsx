import type { CreditOffer } from "../../api/types";
import { useId } from "react";
import { fa } from "../../i18n/fa";
import { CreditPackageCard } from "./CreditPackageCard";
import styles from "./CreditsSection.module.css";
import { CustomCreditsForm } from "./CustomCreditsForm";

/** My credit balance, the packages on offer and a custom amount. */
export function CreditsSection({ offer, balance }: { offer: CreditOffer; balance: number }) {
  const t = fa.subscription.credits;
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.heading}>
          {t.heading}
        </h2>
        <span className={styles.balance} data-testid="credits-balance">
          {t.balance(balance)}
        </span>
      </div>
      <h3 className={styles.subheading}>{t.packagesHeading}</h3>
      <ul className={styles.grid}>
        {offer.packages.map((pkg) => (
          <li key={pkg.key}>
            <CreditPackageCard pkg={pkg} />
          </li>
        ))}
      </ul>
      <CustomCreditsForm custom={offer.custom} />
    </section>
  );
}
