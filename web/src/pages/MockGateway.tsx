import { cardLastFour } from "@dastyar/rules";
import type { MockConfirmRequest, PaymentView } from "../api/types";
import { useState, type FormEvent, type ReactNode } from "react";
import { ApiError } from "../api/client";
import { confirmMockPayment } from "../api/subscription";
import { CenteredMessage } from "../components/CenteredMessage";
import { FormError } from "../components/FormError";
import { TextField } from "../components/TextField";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { navigate, useLocation } from "../router/history";
import { paths, paymentIdOf, paymentResultPath } from "../router/paths";
import { errorText } from "../state/notifications";
import { usePayment } from "./subscription/usePayment";
import styles from "./MockGateway.module.css";

/** A test card, so paying in development is one click. */
const TEST_CARD = "6037-9977-1234-5678";

/**
 * The development gateway (the server's mock `payment_url` leads here): the
 * payment's description and amount, a card number, pay or cancel; then the
 * result page, as a real gateway would send the payer back.
 */
export function MockGateway() {
  const t = fa.subscription.mockGateway;
  const { query } = useLocation();
  const paymentId = paymentIdOf(query);
  const { loaded } = usePayment(paymentId);
  const [card, setCard] = useState(TEST_CARD);
  const [cardError, setCardError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [working, setWorking] = useState(false);

  const settle = async (payment: PaymentView, body: MockConfirmRequest) => {
    setWorking(true);
    setFormError(undefined);
    try {
      await confirmMockPayment(payment.purpose, body);
      navigate(paymentResultPath(payment.id), { replace: true });
    } catch (failure) {
      setWorking(false);
      // Settled meanwhile, or failed for a wrong amount: the result page says how it ended.
      const ended =
        failure instanceof ApiError &&
        (failure.code === "payment_not_pending" || failure.code === "payment_amount_mismatch");
      if (ended) navigate(paymentResultPath(payment.id), { replace: true });
      else setFormError(errorText(failure));
    }
  };

  const pay = (payment: PaymentView) => (event: FormEvent) => {
    event.preventDefault();
    // The rules' card check, before the server applies the same one.
    const checked = cardLastFour(card);
    if (!checked.ok) {
      setCardError(checked.error.message);
      return;
    }
    setCardError(undefined);
    void settle(payment, { payment_id: payment.id, card_number: card, amount: payment.amount });
  };

  let body: ReactNode;
  switch (loaded.state) {
    case "loading":
      body = <CenteredMessage busy>{fa.app.loading}</CenteredMessage>;
      break;
    case "missing":
      body = (
        <>
          <p role="alert">{fa.subscription.result.notFoundText}</p>
          <Link to={paths.subscription} className="button button-quiet">
            {fa.subscription.result.backToSubscription}
          </Link>
        </>
      );
      break;
    case "error":
      body = (
        <>
          <p role="alert">{loaded.text}</p>
          <Link to={paths.subscription} className="button button-quiet">
            {fa.subscription.result.backToSubscription}
          </Link>
        </>
      );
      break;
    case "loaded": {
      const { payment } = loaded;
      body = (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>{t.description}</dt>
              <dd data-testid="gateway-description">{payment.description}</dd>
            </div>
            <div>
              <dt>{t.amount}</dt>
              <dd className={styles.amount} data-testid="gateway-amount">
                {fa.subscription.rials(payment.amount)}
              </dd>
            </div>
          </dl>
          {payment.status === "pending" ? (
            <form className="auth-form" onSubmit={pay(payment)} noValidate>
              <TextField
                label={t.cardNumber}
                name="card_number"
                className="ltr"
                inputMode="numeric"
                autoComplete="cc-number"
                value={card}
                onChange={(event) => setCard(event.target.value)}
                hint={t.cardHint}
                error={cardError}
              />
              {formError && <FormError text={formError} />}
              <div className={styles.actions}>
                <button type="submit" className="button" disabled={working}>
                  {working ? t.working : t.pay}
                </button>
                <button
                  type="button"
                  className="button button-quiet"
                  disabled={working}
                  onClick={() => void settle(payment, { payment_id: payment.id, cancel: true })}
                >
                  {t.cancel}
                </button>
              </div>
            </form>
          ) : (
            <>
              <p role="status">{t.notPending}</p>
              <Link to={paymentResultPath(payment.id)} className="button">
                {t.seeResult}
              </Link>
            </>
          )}
        </>
      );
      break;
    }
  }

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="gateway-title" data-testid="mock-gateway">
        <span className={styles.badge}>{t.badge}</span>
        <h1 id="gateway-title" className={styles.title}>
          {t.title}
        </h1>
        <p className={styles.notice}>{t.notice}</p>
        {body}
      </section>
    </main>
  );
}
