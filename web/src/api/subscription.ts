// Plans, credits and payments under `/api/subscription`: the catalogue, my
// plan and history, buying (each answering where to pay), the mock gateway,
// and moving to a smaller plan.
import type {
  AnalyzeDowngradeRequest,
  BillingCycle,
  CleanupAnswer,
  CleanupNodesRequest,
  CreditOffer,
  CurrentSubscription,
  DowngradeAnalysis,
  InitiatePaymentRequest,
  MockConfirmAnswer,
  MockConfirmRequest,
  PaymentPurpose,
  PaymentStarted,
  PaymentView,
  PlanView,
  PurchaseCreditsRequest,
  PurchaseCustomCreditsRequest,
  PurchaseRequest,
  SubscriptionHistory,
  CreditHistory,
} from "./types";
import { request } from "./client";

const BASE = "/subscription";

/** Every plan, in catalogue order, mine marked `current`. */
export function listPlans(signal?: AbortSignal): Promise<PlanView[]> {
  return request(`${BASE}/plans`, { signal });
}

/** My plan now, its subscription, the last one that ended, and my credit balance. */
export function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription> {
  return request(`${BASE}/current?include_expired=true`, { signal });
}

/** One page of my subscriptions, newest first. */
export function getSubscriptionHistory(
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<SubscriptionHistory> {
  return request(`${BASE}/history?page=${page}&per_page=${perPage}`, { signal });
}

/** One page of my paid credit purchases, newest first. */
export function getCreditHistory(page: number, perPage: number, signal?: AbortSignal): Promise<CreditHistory> {
  return request(`${BASE}/credit-history?page=${page}&per_page=${perPage}`, { signal });
}

/** The credit packages and the custom amount's range and price. */
export function getCreditOffer(signal?: AbortSignal): Promise<CreditOffer> {
  return request(`${BASE}/credit-packages`, { signal });
}

/** Starts buying a plan (409 `plan_needs_cleanup` when my nodes are over its quotas). */
export function purchasePlan(planKey: string, cycle: BillingCycle): Promise<PaymentStarted> {
  const body: PurchaseRequest = { plan_key: planKey, billing_cycle: cycle };
  return request(`${BASE}/purchase`, { method: "POST", body });
}

/** A new payment for a subscription of mine still pending. */
export function initiatePayment(subscriptionId: number): Promise<PaymentStarted> {
  const body: InitiatePaymentRequest = { subscription_id: subscriptionId };
  return request(`${BASE}/initiate-payment`, { method: "POST", body });
}

export function purchaseCredits(packageKey: string): Promise<PaymentStarted> {
  const body: PurchaseCreditsRequest = { package_key: packageKey };
  return request(`${BASE}/purchase-credits`, { method: "POST", body });
}

export function purchaseCustomCredits(creditAmount: number): Promise<PaymentStarted> {
  const body: PurchaseCustomCreditsRequest = { credit_amount: creditAmount };
  return request(`${BASE}/purchase-custom-credits`, { method: "POST", body });
}

export function getPayment(id: number, signal?: AbortSignal): Promise<PaymentView> {
  return request(`${BASE}/payments/${id}`, { signal });
}

/** Asks Zarinpal again about a payment still pending. */
export function verifyPayment(id: number): Promise<PaymentView> {
  return request(`${BASE}/payments/${id}/verify`, { method: "POST" });
}

/** Settles (or, with `cancel`, fails) a mock-gateway payment; plan and credit payments have their own address. */
export function confirmMockPayment(
  purpose: PaymentPurpose,
  body: MockConfirmRequest,
): Promise<MockConfirmAnswer> {
  const path = purpose === "plan" ? "confirm" : "confirm-credits";
  return request(`${BASE}/mock-payment/${path}`, { method: "POST", body });
}

/** Which of my nodes are over a plan's quotas. */
export function analyzeDowngrade(targetPlanKey: string, signal?: AbortSignal): Promise<DowngradeAnalysis> {
  const body: AnalyzeDowngradeRequest = { target_plan_key: targetPlanKey };
  return request(`${BASE}/analyze-downgrade`, { method: "POST", body, signal });
}

/** Deletes the nodes named, then moves me to the plan (at once, or by starting its payment). */
export function cleanupNodes(body: CleanupNodesRequest): Promise<CleanupAnswer> {
  return request(`${BASE}/cleanup-nodes`, { method: "POST", body });
}
