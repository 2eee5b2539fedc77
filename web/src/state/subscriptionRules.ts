// The subscription page's decisions, apart from React and the server: what a
// plan card offers, reading a custom credit amount, history paging, and
// whether the nodes ticked in the downgrade flow are enough (the rules'
// quotaExcess, the same rule the server enforces).
import {
  customCreditPrice,
  message,
  quotaExcess,
  type CustomCredits,
  type NodeCounts,
  type NodeUsage,
  type PlanQuota,
  type QuotaExcess,
} from "@dastyar/rules";
import type { DowngradeAnalysis, DowngradeNode, PlanView, SubscriptionHistory } from "../api/types";
import { formatNumber, parseWholeNumber } from "../format/number";
import { fa } from "../i18n/fa";

/**
 * What a plan's card does: nothing (the free plan I am on), renew my paid
 * plan (the new period starts when the current one ends), buy it, or the
 * downgrade flow first.
 */
export type PlanAction = "current" | "renew" | "buy" | "downgrade";

/** My limited nodes, from the canvas's usage answer. */
export function countsOfUsage(usage: NodeUsage): NodeCounts {
  const { assistant_nodes, analyzer_nodes, vector_store_nodes } = usage.node_usage;
  return {
    assistants: assistant_nodes.used,
    analyzers: analyzer_nodes.used,
    vector_stores: vector_store_nodes.used,
  };
}

/** Whether `counts` are over any of `quota`'s limits. */
export function exceedsQuota(quota: PlanQuota, counts: NodeCounts): boolean {
  return quotaExcess(quota, counts).some((kind) => kind.excess > 0);
}

/**
 * The free plan is reached only by the downgrade flow (the server does not
 * sell it), as is a plan my nodes are over; any other plan is bought. With
 * `counts` unknown the card offers buying, and the server's
 * `plan_needs_cleanup` opens the downgrade flow instead.
 */
export function planAction(plan: PlanView, counts: NodeCounts | null): PlanAction {
  if (plan.current) return plan.is_free ? "current" : "renew";
  if (plan.is_free) return "downgrade";
  if (counts && exceedsQuota(plan.quota, counts)) return "downgrade";
  return "buy";
}

/** A custom credit amount as typed. */
export type CreditAmount =
  | { state: "empty" }
  /** Not a whole number, or outside the offer's range. */
  | { state: "invalid" }
  | { state: "ok"; credits: number; price: number };

/** Reads a typed amount (Persian or ASCII digits, grouping allowed) against the offer. */
export function parseCreditAmount(text: string, custom: CustomCredits): CreditAmount {
  if (text.trim() === "") return { state: "empty" };
  const credits = parseWholeNumber(text);
  const price = credits === null ? null : customCreditPrice(custom, credits);
  if (credits === null || price === null) return { state: "invalid" };
  return { state: "ok", credits, price };
}

/**
 * What to say about a typed amount, or null when there is nothing to say. An
 * empty field is only an error once the person tries to buy (`submitted`).
 */
export function creditAmountProblem(amount: CreditAmount, custom: CustomCredits, submitted: boolean): string | null {
  switch (amount.state) {
    case "ok":
      return null;
    case "empty":
      return submitted ? fa.subscription.credits.amountRequired : null;
    case "invalid":
      return message("credit_amount_invalid", {
        min: formatNumber(custom.min_credits),
        max: formatNumber(custom.max_credits),
      });
  }
}

/** Where the history's previous and next buttons lead (null: no such page). */
export type HistoryPager = { page: number; pages: number; previous: number | null; next: number | null };

export function historyPager(history: SubscriptionHistory): HistoryPager {
  const { page, pages } = history;
  return {
    page,
    pages,
    previous: page > 1 ? Math.min(page - 1, Math.max(pages, 1)) : null,
    next: page < pages ? page + 1 : null,
  };
}

// ---- The downgrade flow ----

/** The target plan's quota, as the analysis states it per kind. */
export function quotaOfAnalysis(analysis: DowngradeAnalysis): PlanQuota {
  const limit = (kind: string) => analysis.kinds.find((k) => k.node_type === kind)?.limit ?? null;
  return {
    assistant_nodes: limit("assistant"),
    analyzer_nodes: limit("analyzer"),
    vector_store_nodes: limit("vectorstore"),
  };
}

/** Every node the analysis offers to delete (kinds over the quota only). */
export function analysisNodes(analysis: DowngradeAnalysis): DowngradeNode[] {
  return analysis.kinds.flatMap((kind) => kind.nodes);
}

/** The nodes ticked at first: the ones the server suggests. */
export function suggestedSelection(analysis: DowngradeAnalysis): Set<number> {
  return new Set(analysisNodes(analysis).filter((n) => n.suggested).map((n) => n.id));
}

/** My counts once the `selected` nodes are deleted. */
export function countsAfter(analysis: DowngradeAnalysis, selected: ReadonlySet<number>): NodeCounts {
  const used = (kind: string) => {
    const entry = analysis.kinds.find((k) => k.node_type === kind);
    if (!entry) return 0;
    const going = entry.nodes.filter((n) => selected.has(n.id)).length;
    return Math.max(entry.used - going, 0);
  };
  return { assistants: used("assistant"), analyzers: used("analyzer"), vector_stores: used("vectorstore") };
}

/** Per limited kind, what would still be over the target plan after deleting `selected`. */
export function excessAfter(analysis: DowngradeAnalysis, selected: ReadonlySet<number>): QuotaExcess[] {
  return quotaExcess(quotaOfAnalysis(analysis), countsAfter(analysis, selected));
}

/** Whether deleting `selected` makes my nodes fit the target plan. */
export function selectionIsEnough(analysis: DowngradeAnalysis, selected: ReadonlySet<number>): boolean {
  return excessAfter(analysis, selected).every((kind) => kind.excess === 0);
}

/** The selected nodes, in the analysis's order (what the confirmation lists). */
export function selectedNodes(analysis: DowngradeAnalysis, selected: ReadonlySet<number>): DowngradeNode[] {
  return analysisNodes(analysis).filter((n) => selected.has(n.id));
}
