import type { CreditPackage } from "../../api/types";
import { useAtomValue, useSetAtom } from "jotai";
import { fa } from "../../i18n/fa";
import { buyCreditPackageAtom, purchaseInFlightAtom } from "../../state/subscription";
import styles from "./CreditPackageCard.module.css";

/** One credit package and its buy button. */
export function CreditPackageCard({ pkg }: { pkg: CreditPackage }) {
  const t = fa.subscription.credits;
  const inFlight = useAtomValue(purchaseInFlightAtom);
  const buy = useSetAtom(buyCreditPackageAtom);
  const busy = inFlight === `package:${pkg.key}`;
  return (
    <article className={styles.card} data-testid="credit-package" data-package-key={pkg.key}>
      <h4 className={styles.name}>{pkg.name}</h4>
      <p className={styles.credits}>{t.packageCredits(pkg.credits)}</p>
      <p className={styles.price}>{fa.subscription.rials(pkg.price)}</p>
      <button
        type="button"
        className="button"
        disabled={inFlight !== null}
        aria-label={busy ? undefined : t.buyNamed(pkg.name)}
        onClick={() => void buy(pkg)}
      >
        {busy ? fa.subscription.redirecting : t.buy}
      </button>
    </article>
  );
}
