// Fixtures shared by the subscription state tests: plans shaped like the
// catalogue's, server answers, a downgrade analysis. Names are plain ASCII
// (only i18n/ holds Persian text, and this file is not a test file).
import type { NodeKind, NodeUsage, PlanQuota } from "@dastyar/rules";
import type {
  CreditHistory,
  CreditOffer,
  CreditPurchaseView,
  CurrentSubscription,
  DowngradeAnalysis,
  DowngradeNode,
  PaymentStarted,
  PlanView,
  SubscriptionHistory,
  SubscriptionView,
} from "../api/types";

function plan(key: string, monthly: number, quota: PlanQuota, current = false): PlanView {
  return {
    key,
    name: key.toUpperCase(),
    description: `${key} plan`,
    prices: { monthly, yearly: monthly * 10 },
    quota,
    storage_mb: 50,
    monthly_credits: 500,
    features: [],
    is_free: monthly === 0,
    current,
  };
}

export const FREE_QUOTA: PlanQuota = { assistant_nodes: 3, analyzer_nodes: 1, vector_store_nodes: 2 };

/** The catalogue's four plans; `current` names mine. */
export function plans(current = "free"): PlanView[] {
  return [
    plan("free", 0, FREE_QUOTA, current === "free"),
    plan("starter", 2_990_000, { assistant_nodes: 10, analyzer_nodes: 3, vector_store_nodes: 5 }, current === "starter"),
    plan("pro", 6_990_000, { assistant_nodes: 30, analyzer_nodes: 10, vector_store_nodes: 20 }, current === "pro"),
    plan("business", 14_990_000, { assistant_nodes: null, analyzer_nodes: null, vector_store_nodes: null }, current === "business"),
  ];
}

export function planNamed(key: string, current = "free"): PlanView {
  const found = plans(current).find((p) => p.key === key);
  if (!found) throw new Error(`no plan ${key}`);
  return found;
}

export function subscriptionRow(id: number, over: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id,
    plan_key: "starter",
    plan_name: "STARTER",
    billing_cycle: "monthly",
    status: "active",
    amount: 2_990_000,
    payment_id: id,
    started_at: "2025-03-21T08:00:00Z",
    expires_at: "2025-04-21T08:00:00Z",
    created_at: "2025-03-21T08:00:00Z",
    ...over,
  };
}

export function current(over: Partial<CurrentSubscription> = {}): CurrentSubscription {
  return {
    plan: planNamed("free"),
    subscription: null,
    expired_subscription: null,
    credit_balance: 500,
    ...over,
  };
}

export const OFFER: CreditOffer = {
  packages: [{ key: "credits_1000", name: "1000 credits", credits: 1000, price: 990_000 }],
  custom: { price_per_credit: 1000, min_credits: 100, max_credits: 500_000 },
};

export function history(page: number, pages: number, items: SubscriptionView[] = []): SubscriptionHistory {
  return { items, total: pages * 10, page, per_page: 10, pages };
}

export function creditHistory(items: CreditPurchaseView[] = []): CreditHistory {
  return { items, total: items.length, page: 1, per_page: 10, pages: items.length > 0 ? 1 : 0 };
}

export function usage(assistants: number, analyzers = 0, vectorStores = 0): NodeUsage {
  const entry = (used: number, limit: number | null) => ({ can_create: limit === null || used < limit, limit, used });
  return {
    success: true,
    node_usage: {
      assistant_nodes: entry(assistants, 3),
      analyzer_nodes: entry(analyzers, 1),
      vector_store_nodes: entry(vectorStores, 2),
    },
  };
}

export function started(paymentId: number, url = `/subscription/mock-gateway?payment_id=${paymentId}`): PaymentStarted {
  return { payment_id: paymentId, payment_url: url, amount: 2_990_000, gateway: "mock", subscription_id: 9 };
}

function downgradeNode(id: number, kind: NodeKind, suggested: boolean): DowngradeNode {
  return {
    id,
    canvas_id: `${kind}-${id}`,
    node_type: kind,
    name: `${kind} ${id}`,
    project_id: 1,
    project_name: "Shop",
    created_at: "2025-03-21T08:00:00Z",
    suggested,
  };
}

/**
 * Moving to the free plan (3 assistants, 1 analyzer, 2 vector stores) with 5
 * assistants (ids 15..11, newest first; 15 and 14 suggested), 1 analyzer
 * (fits, so none listed) and 3 vector stores (ids 23..21; 23 suggested).
 */
export function freeAnalysis(): DowngradeAnalysis {
  return {
    target_plan_key: "free",
    target_plan_name: "FREE",
    current_plan_key: "starter",
    needs_cleanup: true,
    kinds: [
      {
        node_type: "assistant",
        limit: 3,
        used: 5,
        excess: 2,
        nodes: [15, 14, 13, 12, 11].map((id, i) => downgradeNode(id, "assistant", i < 2)),
      },
      { node_type: "analyzer", limit: 1, used: 1, excess: 0, nodes: [] },
      {
        node_type: "vectorstore",
        limit: 2,
        used: 3,
        excess: 1,
        nodes: [23, 22, 21].map((id, i) => downgradeNode(id, "vectorstore", i < 1)),
      },
    ],
  };
}
