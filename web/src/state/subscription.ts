// The subscription page's state: the plan catalogue, my plan and credits, the
// credit offer, one page of history, my node counts; and the actions that buy
// (each leaving for the gateway) or move me to a smaller plan.
import { constants, type NodeCounts } from "@dastyar/rules";
import type {
  BillingCycle,
  CreditOffer,
  CreditPackage,
  CurrentSubscription,
  PaymentStarted,
  PlanView,
  SubscriptionHistory,
  CreditHistory,
} from "../api/types";
import { atom, type Getter, type Setter } from "jotai";
import { ApiError } from "../api/client";
import { getNodeUsage } from "../api/nodes";
import {
  cleanupNodes,
  getCreditOffer,
  getCurrentSubscription,
  getSubscriptionHistory,
  getCreditHistory,
  initiatePayment,
  listPlans,
  purchaseCredits,
  purchaseCustomCredits,
  purchasePlan,
} from "../api/subscription";
import { fa } from "../i18n/fa";
import { errorText, notifyAtom } from "./notifications";
import { goToPayment } from "./subscriptionRedirect";
import { countsOfUsage, planAction } from "./subscriptionRules";

const paging = constants();
export const HISTORY_FIRST_PAGE = paging.subscriptionHistoryFirstPage;
export const HISTORY_PER_PAGE = paging.subscriptionHistoryPerPage;

export const plansAtom = atom<PlanView[] | null>(null);
export const currentSubscriptionAtom = atom<CurrentSubscription | null>(null);
export const creditOfferAtom = atom<CreditOffer | null>(null);
/** One page of my subscriptions (its `page` is the page shown). */
export const historyAtom = atom<SubscriptionHistory | null>(null);
/** My latest paid credit purchases (the first page). */
export const creditHistoryAtom = atom<CreditHistory | null>(null);
/** My limited nodes; null while unknown (the usage call failed: the server still guards purchases). */
export const nodeCountsAtom = atom<NodeCounts | null>(null);
/** The cycle the plan cards price and buy. */
export const billingCycleAtom = atom<BillingCycle>("monthly");
/** Why the page could not load; null when it did (or is loading). */
export const subscriptionLoadErrorAtom = atom<string | null>(null);
/** The plan whose downgrade flow is open. */
export const downgradeTargetAtom = atom<PlanView | null>(null);
/**
 * The purchase under way (`plan:starter`, `package:credits_1000`, `custom`,
 * `pay:12`, `downgrade`): its button waits and no second purchase starts.
 * It stays set once the browser is leaving for the gateway.
 */
export const purchaseInFlightAtom = atom<string | null>(null);

/**
 * Forgets what was loaded (another account's, or from before a payment) and
 * closes the downgrade flow; the page does this as it opens.
 */
export const resetSubscriptionAtom = atom(null, (_get, set) => {
  set(plansAtom, null);
  set(currentSubscriptionAtom, null);
  set(creditOfferAtom, null);
  set(historyAtom, null);
  set(creditHistoryAtom, null);
  set(nodeCountsAtom, null);
  set(subscriptionLoadErrorAtom, null);
  set(downgradeTargetAtom, null);
  set(purchaseInFlightAtom, null);
});

/** Loads everything the page shows, history from its first page. */
export const loadSubscriptionAtom = atom(null, async (get, set, signal?: AbortSignal) => {
  set(purchaseInFlightAtom, null);
  set(subscriptionLoadErrorAtom, null);
  // The counts only pick which button a card shows; without them the page still works.
  const counts = getNodeUsage().then(countsOfUsage, () => null);
  try {
    const [plans, current, offer, history, creditHistory] = await Promise.all([
      listPlans(signal),
      getCurrentSubscription(signal),
      getCreditOffer(signal),
      getSubscriptionHistory(HISTORY_FIRST_PAGE, HISTORY_PER_PAGE, signal),
      getCreditHistory(HISTORY_FIRST_PAGE, HISTORY_PER_PAGE, signal),
    ]);
    const nodeCounts = await counts;
    if (signal?.aborted) return;
    set(plansAtom, plans);
    set(currentSubscriptionAtom, current);
    set(creditOfferAtom, offer);
    set(historyAtom, history);
    set(creditHistoryAtom, creditHistory);
    set(nodeCountsAtom, nodeCounts);
    set(subscriptionLoadErrorAtom, null);
  } catch (error) {
    if (signal?.aborted) return;
    // With the page already showing, say so without taking it away.
    if (get(currentSubscriptionAtom)) set(notifyAtom, { kind: "error", text: errorText(error) });
    else set(subscriptionLoadErrorAtom, errorText(error));
  }
});

/** Shows history page `page`; past the last page (rows went away meanwhile) shows the last one. */
export const showHistoryPageAtom = atom(null, async (_get, set, page: number) => {
  try {
    let history = await getSubscriptionHistory(page, HISTORY_PER_PAGE);
    if (history.items.length === 0 && history.pages > 0 && page > history.pages) {
      history = await getSubscriptionHistory(history.pages, HISTORY_PER_PAGE);
    }
    set(historyAtom, history);
  } catch (error) {
    set(notifyAtom, { kind: "error", text: errorText(error) });
  }
});

/**
 * Starts a payment and leaves for the gateway. `handled` may take a failure
 * over (answer true); any other failure is shown. Answers whether the
 * browser is on its way to pay.
 */
async function startPayment(
  get: Getter,
  set: Setter,
  key: string,
  start: () => Promise<PaymentStarted>,
  handled: (error: unknown) => boolean = () => false,
): Promise<boolean> {
  if (get(purchaseInFlightAtom) !== null) return false;
  set(purchaseInFlightAtom, key);
  try {
    const started = await start();
    goToPayment(started.payment_url);
    return true;
  } catch (error) {
    set(purchaseInFlightAtom, null);
    if (!handled(error)) set(notifyAtom, { kind: "error", text: errorText(error) });
    return false;
  }
}

/** A plan card's button: buy the plan, or open the downgrade flow for it. */
export const choosePlanAtom = atom(null, async (get, set, plan: PlanView): Promise<void> => {
  const action = planAction(plan, get(nodeCountsAtom));
  if (action === "current") return;
  if (action === "downgrade") {
    set(downgradeTargetAtom, plan);
    return;
  }
  const cycle = get(billingCycleAtom);
  await startPayment(get, set, `plan:${plan.key}`, () => purchasePlan(plan.key, cycle), (error) => {
    // The server knows my nodes better than the counts read when the page loaded.
    const needsDowngrade =
      error instanceof ApiError &&
      (error.code === "plan_needs_cleanup" || error.code === "plan_free_not_for_sale");
    if (needsDowngrade) set(downgradeTargetAtom, plan);
    return needsDowngrade;
  });
});

export const buyCreditPackageAtom = atom(null, (get, set, pkg: CreditPackage) =>
  startPayment(get, set, `package:${pkg.key}`, () => purchaseCredits(pkg.key)),
);

export const buyCustomCreditsAtom = atom(null, (get, set, credits: number) =>
  startPayment(get, set, "custom", () => purchaseCustomCredits(credits)),
);

/** Pays for a subscription of mine still pending (a history row's button). */
export const payPendingSubscriptionAtom = atom(null, (get, set, subscriptionId: number) =>
  startPayment(get, set, `pay:${subscriptionId}`, () => initiatePayment(subscriptionId)),
);

/**
 * Deletes `nodeIds` and moves me to `target`: a free target at once (the page
 * reloads and says so), a paid one through its payment (the browser leaves).
 * Answers whether it went through.
 */
export const confirmDowngradeAtom = atom(
  null,
  async (get, set, { target, nodeIds }: { target: PlanView; nodeIds: number[] }): Promise<boolean> => {
    if (get(purchaseInFlightAtom) !== null) return false;
    set(purchaseInFlightAtom, "downgrade");
    try {
      const answer = await cleanupNodes({
        nodes_to_delete: nodeIds,
        target_plan_key: target.key,
        ...(target.is_free ? {} : { billing_cycle: get(billingCycleAtom) }),
      });
      if (answer.payment_url) {
        goToPayment(answer.payment_url);
        return true;
      }
      set(purchaseInFlightAtom, null);
      set(downgradeTargetAtom, null);
      set(notifyAtom, { kind: "success", text: fa.subscription.downgrade.done(answer.plan.name, answer.deleted.length) });
      await set(loadSubscriptionAtom);
      return true;
    } catch (error) {
      set(purchaseInFlightAtom, null);
      set(notifyAtom, { kind: "error", text: errorText(error) });
      // A gateway failure after the deletions (424) leaves fewer nodes than the page shows.
      if (error instanceof ApiError && error.status === 424) await set(loadSubscriptionAtom);
      return false;
    }
  },
);
