import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { CenteredMessage } from "../components/CenteredMessage";
import { PageShell } from "../components/PageShell";
import { fa } from "../i18n/fa";
import {
  creditHistoryAtom,
  creditOfferAtom,
  currentSubscriptionAtom,
  downgradeTargetAtom,
  historyAtom,
  loadSubscriptionAtom,
  plansAtom,
  resetSubscriptionAtom,
  subscriptionLoadErrorAtom,
} from "../state/subscription";
import styles from "./Subscription.module.css";
import { CreditHistorySection } from "./subscription/CreditHistorySection";
import { CreditsSection } from "./subscription/CreditsSection";
import { CurrentPlan } from "./subscription/CurrentPlan";
import { DowngradeDialog } from "./subscription/DowngradeDialog";
import { HistorySection } from "./subscription/HistorySection";
import { PlanList } from "./subscription/PlanList";

/** My plan, the plans to move to, credits to buy and my subscription history. */
export function Subscription() {
  const reset = useSetAtom(resetSubscriptionAtom);
  const load = useSetAtom(loadSubscriptionAtom);
  const plans = useAtomValue(plansAtom);
  const current = useAtomValue(currentSubscriptionAtom);
  const offer = useAtomValue(creditOfferAtom);
  const history = useAtomValue(historyAtom);
  const creditHistory = useAtomValue(creditHistoryAtom);
  const error = useAtomValue(subscriptionLoadErrorAtom);
  const target = useAtomValue(downgradeTargetAtom);

  useEffect(() => {
    const abort = new AbortController();
    reset();
    void load(abort.signal);
    return () => abort.abort();
  }, [reset, load]);

  // Back from the gateway through the browser's page cache: the page is as it
  // was left, mid-purchase, so read everything again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void load();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [load]);

  const ready = plans && current && offer && history;

  return (
    <PageShell>
      <div className={styles.heading}>
        <h1 className={styles.title}>{fa.subscription.title}</h1>
        <p className={styles.lead}>{fa.subscription.lead}</p>
      </div>
      {ready ? (
        <>
          <CurrentPlan current={current} />
          <PlanList plans={plans} />
          <CreditsSection offer={offer} balance={current.credit_balance} />
          <HistorySection history={history} />
          {creditHistory && <CreditHistorySection history={creditHistory} />}
        </>
      ) : error ? (
        <CenteredMessage>
          <p role="alert">{error}</p>
          <button type="button" className="button" onClick={() => void load()}>
            {fa.app.retry}
          </button>
        </CenteredMessage>
      ) : (
        <CenteredMessage busy>{fa.app.loading}</CenteredMessage>
      )}
      {target && <DowngradeDialog key={target.key} target={target} />}
    </PageShell>
  );
}
