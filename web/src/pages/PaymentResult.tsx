import { message, persianDigits } from "@dastyar/rules";
import type { PaymentView } from "../api/types";
import { useState, type ReactNode } from "react";
import { getPayment, verifyPayment } from "../api/subscription";
import { CenteredMessage } from "../components/CenteredMessage";
import { PageShell } from "../components/PageShell";
import { formatJalaliDate } from "../format/date";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { useLocation } from "../router/history";
import { mockGatewayPath, paths, paymentIdOf } from "../router/paths";
import { useNotify } from "../state/useNotify";
import { usePayment } from "./subscription/usePayment";
import styles from "./PaymentResult.module.css";

/** What a payment bought, in words. */
function bought(payment: PaymentView): string {
  if (payment.purpose === "plan" && payment.plan_name && payment.billing_cycle) {
    return fa.subscription.result.boughtPlan(payment.plan_name, payment.billing_cycle);
  }
  if (payment.purpose === "credits" && payment.credits !== null) {
    return fa.subscription.result.boughtCredits(payment.credits);
  }
  return payment.description;
}

/**
 * Where the payer lands after the gateway (`?payment_id=N`, or
 * `?status=unknown` when the gateway's answer matched no payment): paid,
 * failed with why, or still pending with a way to ask again.
 */
export function PaymentResult() {
  const t = fa.subscription.result;
  const notify = useNotify();
  const { query } = useLocation();
  const paymentId = paymentIdOf(query);
  const { loaded, show: showPayment, reload } = usePayment(paymentId);
  const [checking, setChecking] = useState(false);

  // Zarinpal can be asked again; a mock payment is only read again.
  const recheck = async (payment: PaymentView) => {
    setChecking(true);
    try {
      const fresh = payment.gateway === "zarinpal" ? await verifyPayment(payment.id) : await getPayment(payment.id);
      showPayment(fresh);
    } catch (failure) {
      notify.error(failure);
    } finally {
      setChecking(false);
    }
  };

  const links = (back: string) => (
    <div className={styles.actions}>
      <Link to={paths.subscription} className="button">
        {back}
      </Link>
      <Link to={paths.projects} className="button button-quiet">
        {t.toProjects}
      </Link>
    </div>
  );

  let body: ReactNode;
  switch (loaded.state) {
    case "loading":
      body = <CenteredMessage busy>{fa.app.loading}</CenteredMessage>;
      break;
    case "error":
      body = (
        <CenteredMessage>
          <p role="alert">{loaded.text}</p>
          {paymentId !== null && (
            <button type="button" className="button" onClick={reload}>
              {fa.app.retry}
            </button>
          )}
        </CenteredMessage>
      );
      break;
    case "missing":
      body = (
        <section className={`${styles.card} ${styles.failed}`} data-testid="payment-result" data-status="missing">
          <h2 className={styles.heading}>{t.notFoundTitle}</h2>
          <p className={styles.text}>{t.notFoundText}</p>
          {links(t.backToSubscription)}
        </section>
      );
      break;
    case "loaded": {
      const { payment } = loaded;
      const facts = (
        <dl className={styles.facts}>
          <div>
            <dt>{t.bought}</dt>
            <dd data-testid="payment-bought">{bought(payment)}</dd>
          </div>
          <div>
            <dt>{t.description}</dt>
            <dd>{payment.description}</dd>
          </div>
          <div>
            <dt>{t.amount}</dt>
            <dd data-testid="payment-amount">{fa.subscription.rials(payment.amount)}</dd>
          </div>
          {payment.status === "paid" && payment.ref_id && (
            <div>
              <dt>{t.refId}</dt>
              <dd data-testid="payment-ref">
                <bdi dir="ltr">{persianDigits(payment.ref_id)}</bdi>
              </dd>
            </div>
          )}
          {payment.status === "paid" && payment.card_last_four && (
            <div>
              <dt>{t.card}</dt>
              <dd data-testid="payment-card">
                <bdi dir="ltr">{t.cardLastFour(persianDigits(payment.card_last_four))}</bdi>
              </dd>
            </div>
          )}
          {payment.status === "paid" && payment.settled_at && (
            <div>
              <dt>{t.paidAt}</dt>
              <dd>{formatJalaliDate(payment.settled_at, { withTime: true })}</dd>
            </div>
          )}
        </dl>
      );
      if (payment.status === "paid") {
        body = (
          <section className={`${styles.card} ${styles.paid}`} data-testid="payment-result" data-status="paid">
            <h2 className={styles.heading}>{t.paidTitle}</h2>
            {facts}
            {links(t.backToSubscription)}
          </section>
        );
      } else if (payment.status === "failed") {
        body = (
          <section className={`${styles.card} ${styles.failed}`} data-testid="payment-result" data-status="failed">
            <h2 className={styles.heading}>{t.failedTitle}</h2>
            <p className={styles.reason} data-testid="payment-failure">
              {payment.failure_message ?? message("payment_cancelled", {})}
            </p>
            {facts}
            {links(t.tryAgain)}
          </section>
        );
      } else {
        body = (
          <section className={`${styles.card} ${styles.pending}`} data-testid="payment-result" data-status="pending">
            <h2 className={styles.heading}>{t.pendingTitle}</h2>
            <p className={styles.text}>{t.pendingText}</p>
            {facts}
            <div className={styles.actions}>
              <button type="button" className="button" disabled={checking} onClick={() => void recheck(payment)}>
                {checking ? fa.subscription.mockGateway.working : t.recheck}
              </button>
              {payment.gateway === "mock" && (
                <Link to={mockGatewayPath(payment.id)} className="button button-quiet">
                  {t.continueMock}
                </Link>
              )}
              <Link to={paths.subscription} className="button button-quiet">
                {t.backToSubscription}
              </Link>
            </div>
          </section>
        );
      }
      break;
    }
  }

  return (
    <PageShell>
      <h1 className={styles.title}>{t.title}</h1>
      {body}
    </PageShell>
  );
}
