// The subscription page's decisions: a plan card's action, the custom credit
// amount, history paging, card numbers, and the downgrade flow's "enough?".
import { message } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { fa } from "../i18n/fa";
import {
  analysisNodes,
  countsAfter,
  countsOfUsage,
  creditAmountProblem,
  excessAfter,
  historyPager,
  parseCreditAmount,
  planAction,
  quotaOfAnalysis,
  selectedNodes,
  selectionIsEnough,
  suggestedSelection,
} from "./subscriptionRules";
import { FREE_QUOTA, freeAnalysis, history, OFFER, planNamed, usage } from "./subscriptionTestFixtures";

const counts = (assistants: number, analyzers = 0, vector_stores = 0) => ({ assistants, analyzers, vector_stores });

describe("planAction", () => {
  it("offers nothing on the free plan I am on, and renewing my paid plan", () => {
    expect(planAction(planNamed("free", "free"), counts(0))).toBe("current");
    expect(planAction(planNamed("starter", "starter"), counts(50))).toBe("renew");
  });

  it("reaches the free plan only through the downgrade flow, however few nodes I have", () => {
    expect(planAction(planNamed("free", "starter"), counts(0))).toBe("downgrade");
    expect(planAction(planNamed("free", "starter"), null)).toBe("downgrade");
  });

  it("buys a paid plan my nodes fit", () => {
    expect(planAction(planNamed("starter"), counts(3, 1, 2))).toBe("buy");
    expect(planAction(planNamed("starter", "pro"), counts(10, 3, 5))).toBe("buy");
  });

  it("sends a paid plan my nodes are over to the downgrade flow", () => {
    expect(planAction(planNamed("starter", "pro"), counts(11))).toBe("downgrade");
    expect(planAction(planNamed("starter", "pro"), counts(0, 4))).toBe("downgrade");
    expect(planAction(planNamed("starter", "pro"), counts(0, 0, 6))).toBe("downgrade");
  });

  it("buys an unlimited plan whatever the counts, and buys when the counts are unknown", () => {
    expect(planAction(planNamed("business", "pro"), counts(10_000, 10_000, 10_000))).toBe("buy");
    expect(planAction(planNamed("starter", "pro"), null)).toBe("buy");
  });
});

describe("countsOfUsage", () => {
  it("takes the used figure of each limited kind", () => {
    expect(countsOfUsage(usage(4, 1, 2))).toEqual(counts(4, 1, 2));
  });
});

describe("parseCreditAmount", () => {
  const custom = OFFER.custom;

  it("prices a whole amount in range, typed in Persian or ASCII digits, grouped or not", () => {
    expect(parseCreditAmount("250", custom)).toEqual({ state: "ok", credits: 250, price: 250_000 });
    expect(parseCreditAmount("۲۵۰", custom)).toEqual({ state: "ok", credits: 250, price: 250_000 });
    expect(parseCreditAmount("۱٬۲۰۰", custom)).toEqual({ state: "ok", credits: 1200, price: 1_200_000 });
    expect(parseCreditAmount(" 1,200 ", custom)).toEqual({ state: "ok", credits: 1200, price: 1_200_000 });
  });

  it("accepts both ends of the range and nothing past them", () => {
    expect(parseCreditAmount("100", custom)).toMatchObject({ state: "ok", credits: 100 });
    expect(parseCreditAmount("500000", custom)).toMatchObject({ state: "ok", credits: 500_000 });
    expect(parseCreditAmount("99", custom)).toEqual({ state: "invalid" });
    expect(parseCreditAmount("500001", custom)).toEqual({ state: "invalid" });
  });

  it("tells an empty field from a wrong one", () => {
    expect(parseCreditAmount("", custom)).toEqual({ state: "empty" });
    expect(parseCreditAmount("   ", custom)).toEqual({ state: "empty" });
    for (const text of ["12.5", "-200", "abc", "۲۵۰ اعتبار"]) {
      expect(parseCreditAmount(text, custom), text).toEqual({ state: "invalid" });
    }
  });
});

describe("creditAmountProblem", () => {
  const custom = OFFER.custom;

  it("says nothing about a good amount, or an empty one before buying", () => {
    expect(creditAmountProblem({ state: "ok", credits: 100, price: 100_000 }, custom, true)).toBeNull();
    expect(creditAmountProblem({ state: "empty" }, custom, false)).toBeNull();
  });

  it("asks for an amount once buying is tried with none", () => {
    expect(creditAmountProblem({ state: "empty" }, custom, true)).toBe(fa.subscription.credits.amountRequired);
  });

  it("states the range in Persian digits as soon as the amount is wrong", () => {
    const text = creditAmountProblem({ state: "invalid" }, custom, false);
    expect(text).toBe(message("credit_amount_invalid", { min: "۱۰۰", max: "۵۰۰٬۰۰۰" }));
    expect(text).toContain("۵۰۰٬۰۰۰");
  });
});

describe("historyPager", () => {
  it("has no previous page on the first and no next on the last", () => {
    expect(historyPager(history(1, 3))).toEqual({ page: 1, pages: 3, previous: null, next: 2 });
    expect(historyPager(history(2, 3))).toEqual({ page: 2, pages: 3, previous: 1, next: 3 });
    expect(historyPager(history(3, 3))).toEqual({ page: 3, pages: 3, previous: 2, next: null });
  });

  it("goes nowhere with one page or none", () => {
    expect(historyPager(history(1, 1))).toMatchObject({ previous: null, next: null });
    expect(historyPager(history(1, 0))).toMatchObject({ previous: null, next: null });
  });

  it("leads back to the last page from past the end", () => {
    expect(historyPager(history(5, 3))).toMatchObject({ previous: 3, next: null });
  });
});

describe("the downgrade flow", () => {
  it("reads the target quota and the offered nodes from the analysis", () => {
    const analysis = freeAnalysis();
    expect(quotaOfAnalysis(analysis)).toEqual(FREE_QUOTA);
    expect(analysisNodes(analysis).map((n) => n.id)).toEqual([15, 14, 13, 12, 11, 23, 22, 21]);
  });

  it("ticks the server's suggestions first, and they are enough", () => {
    const analysis = freeAnalysis();
    const selected = suggestedSelection(analysis);
    expect([...selected].sort()).toEqual([14, 15, 23]);
    expect(countsAfter(analysis, selected)).toEqual(counts(3, 1, 2));
    expect(selectionIsEnough(analysis, selected)).toBe(true);
  });

  it("is not enough while any kind is still over, and says by how much", () => {
    const analysis = freeAnalysis();
    const selected = new Set([15, 23]);
    expect(selectionIsEnough(analysis, selected)).toBe(false);
    expect(excessAfter(analysis, selected)).toEqual([
      { node_type: "assistant", limit: 3, used: 4, excess: 1 },
      { node_type: "analyzer", limit: 1, used: 1, excess: 0 },
      { node_type: "vectorstore", limit: 2, used: 2, excess: 0 },
    ]);
    expect(selectionIsEnough(analysis, new Set([15, 14]))).toBe(false);
    expect(selectionIsEnough(analysis, new Set())).toBe(false);
  });

  it("takes any nodes of the right kinds, not only the suggested ones, and more than needed", () => {
    const analysis = freeAnalysis();
    expect(selectionIsEnough(analysis, new Set([11, 12, 21]))).toBe(true);
    expect(selectionIsEnough(analysis, new Set([11, 12, 13, 21, 22]))).toBe(true);
    expect(countsAfter(analysis, new Set([11, 12, 13, 21, 22]))).toEqual(counts(2, 1, 1));
  });

  it("ignores ids the analysis does not list", () => {
    const analysis = freeAnalysis();
    expect(countsAfter(analysis, new Set([999, 15]))).toEqual(counts(4, 1, 3));
  });

  it("is enough with nothing ticked when nothing is over", () => {
    const analysis = { ...freeAnalysis(), needs_cleanup: false };
    analysis.kinds = analysis.kinds.map((k) => ({ ...k, used: Math.min(k.used, k.limit ?? k.used), excess: 0, nodes: [] }));
    expect(selectionIsEnough(analysis, new Set())).toBe(true);
  });

  it("lists the ticked nodes in the analysis's order for the confirmation", () => {
    const analysis = freeAnalysis();
    expect(selectedNodes(analysis, new Set([21, 15, 12])).map((n) => n.id)).toEqual([15, 12, 21]);
  });
});
