// The subscription page's actions against a mocked server: loading, buying
// (each purchase leaves through goToPayment), the server sending a purchase
// to the downgrade flow, and the downgrade itself.
import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
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
import { notificationsAtom } from "./notifications";
import {
  billingCycleAtom,
  buyCreditPackageAtom,
  buyCustomCreditsAtom,
  choosePlanAtom,
  confirmDowngradeAtom,
  creditOfferAtom,
  currentSubscriptionAtom,
  downgradeTargetAtom,
  historyAtom,
  creditHistoryAtom,
  HISTORY_PER_PAGE,
  loadSubscriptionAtom,
  nodeCountsAtom,
  payPendingSubscriptionAtom,
  plansAtom,
  purchaseInFlightAtom,
  resetSubscriptionAtom,
  showHistoryPageAtom,
  subscriptionLoadErrorAtom,
} from "./subscription";
import { goToPayment } from "./subscriptionRedirect";
import { creditHistory, current, history, OFFER, planNamed, plans, started, subscriptionRow, usage } from "./subscriptionTestFixtures";

vi.mock("../api/subscription");
vi.mock("../api/nodes");
vi.mock("./subscriptionRedirect");

type Store = ReturnType<typeof createStore>;

const notes = (store: Store) => store.get(notificationsAtom).map(({ kind, text }) => ({ kind, text }));

function serverAnswers(mine = "free", assistants = 2) {
  vi.mocked(listPlans).mockResolvedValue(plans(mine));
  vi.mocked(getCurrentSubscription).mockResolvedValue(current({ plan: planNamed(mine, mine) }));
  vi.mocked(getCreditOffer).mockResolvedValue(OFFER);
  vi.mocked(getSubscriptionHistory).mockResolvedValue(history(1, 1, [subscriptionRow(1)]));
  vi.mocked(getCreditHistory).mockResolvedValue(
    creditHistory([{ id: 9, credits: 1000, amount: 990_000, package_name: "1000 credits", ref_id: "R1", paid_at: "2026-11-20T10:00:00Z" }]),
  );
  vi.mocked(getNodeUsage).mockResolvedValue(usage(assistants));
}

/** A store with the page loaded for someone on `mine` with `assistants` assistants. */
async function loadedPage(mine = "free", assistants = 2): Promise<Store> {
  serverAnswers(mine, assistants);
  const store = createStore();
  await store.set(loadSubscriptionAtom);
  vi.clearAllMocks();
  serverAnswers(mine, assistants);
  return store;
}

const conflict = (code: "plan_needs_cleanup" | "downgrade_still_exceeds", text = "server says no") =>
  new ApiError(409, code, text);

describe("loading the page", () => {
  it("reads plans, my plan, the offer, the first history page and my node counts", async () => {
    const store = await loadedPage("starter", 4);
    expect(store.get(plansAtom)?.map((p) => p.key)).toEqual(["free", "starter", "pro", "business"]);
    expect(store.get(currentSubscriptionAtom)?.plan.key).toBe("starter");
    expect(store.get(creditOfferAtom)).toEqual(OFFER);
    expect(store.get(historyAtom)?.items).toHaveLength(1);
    // Credit purchases are history too.
    expect(store.get(creditHistoryAtom)?.items.map((p) => p.credits)).toEqual([1000]);
    expect(store.get(nodeCountsAtom)).toEqual({ assistants: 4, analyzers: 0, vector_stores: 0 });
    expect(store.get(subscriptionLoadErrorAtom)).toBeNull();
  });

  it("asks for history page 1 with the rules' page size", async () => {
    serverAnswers();
    await createStore().set(loadSubscriptionAtom);
    expect(getSubscriptionHistory).toHaveBeenCalledWith(1, HISTORY_PER_PAGE, undefined);
    expect(getCreditHistory).toHaveBeenCalledWith(1, HISTORY_PER_PAGE, undefined);
    expect(HISTORY_PER_PAGE).toBe(10);
  });

  it("still loads when the node counts cannot be read", async () => {
    serverAnswers();
    vi.mocked(getNodeUsage).mockRejectedValue(new ApiError(500, "internal_error", "x"));
    const store = createStore();
    await store.set(loadSubscriptionAtom);
    expect(store.get(plansAtom)).not.toBeNull();
    expect(store.get(nodeCountsAtom)).toBeNull();
  });

  it("keeps the server's Persian text when it fails, and shows nothing half-loaded", async () => {
    serverAnswers();
    vi.mocked(getCreditOffer).mockRejectedValue(new ApiError(500, "internal_error", "سرور خطا داد"));
    const store = createStore();
    await store.set(loadSubscriptionAtom);
    expect(store.get(subscriptionLoadErrorAtom)).toBe("سرور خطا داد");
    expect(store.get(plansAtom)).toBeNull();
  });

  it("once shown, a failed reload notifies instead of taking the page away", async () => {
    const store = await loadedPage();
    vi.mocked(listPlans).mockRejectedValue(new ApiError(0, "network_error", "قطع است"));
    await store.set(loadSubscriptionAtom);
    expect(store.get(subscriptionLoadErrorAtom)).toBeNull();
    expect(notes(store)).toEqual([{ kind: "error", text: "قطع است" }]);
  });

  it("sets nothing once the page has gone (aborted)", async () => {
    serverAnswers();
    const store = createStore();
    const abort = new AbortController();
    const loading = store.set(loadSubscriptionAtom, abort.signal);
    abort.abort();
    await loading;
    expect(store.get(plansAtom)).toBeNull();
  });

  it("reset forgets everything, so another account's plan is never shown", async () => {
    const store = await loadedPage("pro");
    store.set(downgradeTargetAtom, planNamed("free", "pro"));
    store.set(resetSubscriptionAtom);
    expect(store.get(currentSubscriptionAtom)).toBeNull();
    expect(store.get(plansAtom)).toBeNull();
    expect(store.get(downgradeTargetAtom)).toBeNull();
  });
});

describe("choosing a plan", () => {
  it("buys a paid plan for the chosen cycle and leaves for payment_url", async () => {
    const store = await loadedPage("free", 3);
    store.set(billingCycleAtom, "yearly");
    vi.mocked(purchasePlan).mockResolvedValue(started(7));

    await store.set(choosePlanAtom, planNamed("starter"));

    expect(purchasePlan).toHaveBeenCalledWith("starter", "yearly");
    expect(goToPayment).toHaveBeenCalledWith("/subscription/mock-gateway?payment_id=7");
    expect(store.get(purchaseInFlightAtom), "the button stays busy while the browser leaves").toBe("plan:starter");
    expect(store.get(downgradeTargetAtom)).toBeNull();
  });

  it("starts only one purchase at a time", async () => {
    const store = await loadedPage();
    let answer!: (value: ReturnType<typeof started>) => void;
    vi.mocked(purchasePlan).mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const first = store.set(choosePlanAtom, planNamed("starter"));
    await store.set(choosePlanAtom, planNamed("pro"));
    await store.set(buyCreditPackageAtom, OFFER.packages[0]!);
    answer(started(8));
    await first;

    expect(purchasePlan).toHaveBeenCalledTimes(1);
    expect(purchaseCredits).not.toHaveBeenCalled();
    expect(goToPayment).toHaveBeenCalledTimes(1);
  });

  it("opens the downgrade flow when the server says my nodes are over the plan", async () => {
    const store = await loadedPage("pro", 2);
    vi.mocked(purchasePlan).mockRejectedValue(conflict("plan_needs_cleanup"));

    await store.set(choosePlanAtom, planNamed("starter", "pro"));

    expect(store.get(downgradeTargetAtom)?.key).toBe("starter");
    expect(goToPayment).not.toHaveBeenCalled();
    expect(store.get(purchaseInFlightAtom)).toBeNull();
    expect(notes(store), "the dialog explains; no extra error").toEqual([]);
  });

  it("shows any other refusal in the server's words and frees the buttons", async () => {
    const store = await loadedPage();
    vi.mocked(purchasePlan).mockRejectedValue(new ApiError(424, "payment_gateway_unavailable", "درگاه در دسترس نیست"));

    await store.set(choosePlanAtom, planNamed("starter"));

    expect(notes(store)).toEqual([{ kind: "error", text: "درگاه در دسترس نیست" }]);
    expect(store.get(purchaseInFlightAtom)).toBeNull();
    expect(store.get(downgradeTargetAtom)).toBeNull();
    expect(goToPayment).not.toHaveBeenCalled();
  });

  it("goes straight to the downgrade flow for the free plan and for a plan my counts are over", async () => {
    const store = await loadedPage("pro", 12);
    await store.set(choosePlanAtom, planNamed("free", "pro"));
    expect(store.get(downgradeTargetAtom)?.key).toBe("free");

    store.set(downgradeTargetAtom, null);
    await store.set(choosePlanAtom, planNamed("starter", "pro"));
    expect(store.get(downgradeTargetAtom)?.key).toBe("starter");
    expect(purchasePlan).not.toHaveBeenCalled();
  });

  it("does nothing for the free plan I am on", async () => {
    const store = await loadedPage();
    await store.set(choosePlanAtom, planNamed("free", "free"));
    expect(purchasePlan).not.toHaveBeenCalled();
    expect(store.get(downgradeTargetAtom)).toBeNull();
  });

  it("renews my paid plan by buying it again", async () => {
    const store = await loadedPage("starter");
    vi.mocked(purchasePlan).mockResolvedValue(started(9));
    await store.set(choosePlanAtom, planNamed("starter", "starter"));
    expect(purchasePlan).toHaveBeenCalledWith("starter", "monthly");
    expect(goToPayment).toHaveBeenCalledWith("/subscription/mock-gateway?payment_id=9");
    expect(store.get(downgradeTargetAtom)).toBeNull();
  });
});

describe("buying credits and paying a pending subscription", () => {
  it("buys a package", async () => {
    const store = await loadedPage();
    vi.mocked(purchaseCredits).mockResolvedValue(started(3));
    await expect(store.set(buyCreditPackageAtom, OFFER.packages[0]!)).resolves.toBe(true);
    expect(purchaseCredits).toHaveBeenCalledWith("credits_1000");
    expect(goToPayment).toHaveBeenCalledWith("/subscription/mock-gateway?payment_id=3");
  });

  it("buys a custom amount, and shows the server's refusal of one", async () => {
    const store = await loadedPage();
    vi.mocked(purchaseCustomCredits).mockResolvedValueOnce(started(4, "https://payment.zarinpal.com/pg/StartPay/A1"));
    await store.set(buyCustomCreditsAtom, 250);
    expect(purchaseCustomCredits).toHaveBeenCalledWith(250);
    expect(goToPayment).toHaveBeenCalledWith("https://payment.zarinpal.com/pg/StartPay/A1");

    store.set(purchaseInFlightAtom, null);
    vi.mocked(purchaseCustomCredits).mockRejectedValueOnce(new ApiError(422, "credit_amount_invalid", "خارج از بازه"));
    await expect(store.set(buyCustomCreditsAtom, 5)).resolves.toBe(false);
    expect(notes(store)).toEqual([{ kind: "error", text: "خارج از بازه" }]);
  });

  it("pays for a pending subscription from its history row", async () => {
    const store = await loadedPage();
    vi.mocked(initiatePayment).mockResolvedValue(started(11));
    await store.set(payPendingSubscriptionAtom, 9);
    expect(initiatePayment).toHaveBeenCalledWith(9);
    expect(goToPayment).toHaveBeenCalledWith("/subscription/mock-gateway?payment_id=11");
  });
});

describe("confirming a downgrade", () => {
  it("to the free plan: deletes, says so, reloads and closes the flow", async () => {
    const store = await loadedPage("starter", 5);
    store.set(downgradeTargetAtom, planNamed("free", "starter"));
    vi.mocked(cleanupNodes).mockResolvedValue({ deleted: [15, 14], plan: planNamed("free"), payment: null, payment_url: null });
    vi.mocked(getCurrentSubscription).mockResolvedValue(current());

    await expect(store.set(confirmDowngradeAtom, { target: planNamed("free", "starter"), nodeIds: [15, 14] })).resolves.toBe(true);

    expect(cleanupNodes).toHaveBeenCalledWith({ nodes_to_delete: [15, 14], target_plan_key: "free" });
    expect(goToPayment).not.toHaveBeenCalled();
    expect(notes(store)).toEqual([{ kind: "success", text: fa.subscription.downgrade.done("FREE", 2) }]);
    expect(listPlans, "the page is read again").toHaveBeenCalledTimes(1);
    expect(store.get(currentSubscriptionAtom)?.plan.key).toBe("free");
    expect(store.get(downgradeTargetAtom)).toBeNull();
    expect(store.get(purchaseInFlightAtom)).toBeNull();
  });

  it("to a paid plan: buys it for the chosen cycle and leaves for its payment", async () => {
    const store = await loadedPage("pro", 12);
    store.set(billingCycleAtom, "yearly");
    const payment = started(21);
    vi.mocked(cleanupNodes).mockResolvedValue({
      deleted: [5, 6],
      plan: planNamed("pro", "pro"),
      payment,
      payment_url: payment.payment_url,
    });

    await store.set(confirmDowngradeAtom, { target: planNamed("starter", "pro"), nodeIds: [5, 6] });

    expect(cleanupNodes).toHaveBeenCalledWith({ nodes_to_delete: [5, 6], target_plan_key: "starter", billing_cycle: "yearly" });
    expect(goToPayment).toHaveBeenCalledWith(payment.payment_url);
    expect(listPlans).not.toHaveBeenCalled();
  });

  it("keeps the flow open with the server's reason when it refuses", async () => {
    const store = await loadedPage("starter", 5);
    const target = planNamed("free", "starter");
    store.set(downgradeTargetAtom, target);
    vi.mocked(cleanupNodes).mockRejectedValue(conflict("downgrade_still_exceeds", "هنوز زیاد است"));

    await expect(store.set(confirmDowngradeAtom, { target, nodeIds: [15] })).resolves.toBe(false);

    expect(notes(store)).toEqual([{ kind: "error", text: "هنوز زیاد است" }]);
    expect(store.get(downgradeTargetAtom)).toBe(target);
    expect(store.get(purchaseInFlightAtom)).toBeNull();
    expect(listPlans).not.toHaveBeenCalled();
  });
});

describe("history pages", () => {
  it("shows the page asked for", async () => {
    const store = await loadedPage();
    vi.mocked(getSubscriptionHistory).mockResolvedValue(history(2, 3));
    await store.set(showHistoryPageAtom, 2);
    expect(getSubscriptionHistory).toHaveBeenCalledWith(2, HISTORY_PER_PAGE);
    expect(store.get(historyAtom)?.page).toBe(2);
  });

  it("falls back to the last page when the one asked for is past the end", async () => {
    const store = await loadedPage();
    vi.mocked(getSubscriptionHistory).mockImplementation(async (page) => history(page, 2, page <= 2 ? [subscriptionRow(page)] : []));
    await store.set(showHistoryPageAtom, 3);
    expect(getSubscriptionHistory).toHaveBeenLastCalledWith(2, HISTORY_PER_PAGE);
    expect(store.get(historyAtom)?.page).toBe(2);
  });
});
