import type { CustomCredits } from "@dastyar/rules";
import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { TextField } from "../../components/TextField";
import { fa } from "../../i18n/fa";
import { buyCustomCreditsAtom, purchaseInFlightAtom } from "../../state/subscription";
import { creditAmountProblem, parseCreditAmount } from "../../state/subscriptionRules";
import styles from "./CustomCreditsForm.module.css";

/** Any number of credits within the offer's range, priced as it is typed. */
export function CustomCreditsForm({ custom }: { custom: CustomCredits }) {
  const t = fa.subscription.credits;
  const [text, setText] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const inFlight = useAtomValue(purchaseInFlightAtom);
  const buy = useSetAtom(buyCustomCreditsAtom);
  const amount = parseCreditAmount(text, custom);
  const problem = creditAmountProblem(amount, custom, submitted);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (amount.state === "ok") void buy(amount.credits);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="custom-credits">
      <h3 className={styles.heading}>{t.customHeading}</h3>
      <div className={styles.row}>
        <div className={styles.field}>
          <TextField
            label={t.amount}
            name="credit_amount"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
            hint={t.amountHint(custom.min_credits, custom.max_credits, custom.price_per_credit)}
            error={problem ?? undefined}
          />
        </div>
        <button type="submit" className="button" disabled={inFlight !== null}>
          {inFlight === "custom" ? fa.subscription.redirecting : t.buyCustom}
        </button>
      </div>
      <p className={styles.price} aria-live="polite" data-testid="custom-credits-price">
        {amount.state === "ok" ? t.price(amount.price) : ""}
      </p>
    </form>
  );
}
