// Setting the scene through the HTTP API, for specs about something else.
import type { AuthResponse } from "@dastyar/api/AuthResponse";
import type { BillingCycle } from "@dastyar/api/BillingCycle";
import type { CreditOffer } from "@dastyar/api/CreditOffer";
import type { CurrentSubscription } from "@dastyar/api/CurrentSubscription";
import type { MockConfirmAnswer } from "@dastyar/api/MockConfirmAnswer";
import type { PaymentStarted } from "@dastyar/api/PaymentStarted";
import type { PlanView } from "@dastyar/api/PlanView";
import type { Project } from "@dastyar/api/Project";
import { createHmac, randomBytes } from "node:crypto";
import { serverUrl } from "./fixtures.ts";

export type Account = { name: string; email: string; password: string };

/** A new account's details, unique to this run. */
export function newAccount(name = "کاربر آزمایشی"): Account {
  const id = randomBytes(6).toString("hex");
  return { name, email: `e2e-${id}@example.com`, password: `secret-${id}-9` };
}

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const answer = await fetch(`${serverUrl()}/api${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!answer.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

export function register(account: Account): Promise<AuthResponse> {
  return call("/auth/register", { method: "POST", body: account });
}

export function createProject(token: string, name: string): Promise<Project> {
  return call("/playground/projects", { method: "POST", body: { name }, token });
}

export function listProjects(token: string): Promise<Project[]> {
  return call("/projects", { token });
}

/** A correctly signed token for `userId` that expired an hour ago (the harness knows the secret). */
export function expiredToken(userId: number): string {
  const secret = process.env.DASTYAR_E2E_JWT_SECRET;
  if (!secret) throw new Error("e2e: DASTYAR_E2E_JWT_SECRET is unset");
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: String(userId), iat: now - 8 * 86400, exp: now - 3600 })}`;
  const signature = createHmac("sha256", secret).update(unsigned).digest("base64url");
  return `${unsigned}.${signature}`;
}

// ---- Subscription ----

export function plansOf(token: string): Promise<PlanView[]> {
  return call("/subscription/plans", { token });
}

/** The plan named `key` in the catalogue (its Persian name, prices, quotas). */
export async function planOf(token: string, key: string): Promise<PlanView> {
  const plan = (await plansOf(token)).find((p) => p.key === key);
  if (!plan) throw new Error(`e2e: no plan ${key} in the catalogue`);
  return plan;
}

export function currentSubscriptionOf(token: string): Promise<CurrentSubscription> {
  return call("/subscription/current", { token });
}

export function creditOfferOf(token: string): Promise<CreditOffer> {
  return call("/subscription/credit-packages", { token });
}

/** Starts buying a plan (a pending subscription and its payment), as the page would. */
export function startPlanPurchase(token: string, planKey: string, cycle: BillingCycle = "monthly"): Promise<PaymentStarted> {
  return call("/subscription/purchase", { method: "POST", body: { plan_key: planKey, billing_cycle: cycle }, token });
}

/** Buys a plan outright through the mock gateway: the account is on it when this answers. */
export async function subscribeVia(token: string, planKey: string, cycle: BillingCycle = "monthly"): Promise<MockConfirmAnswer> {
  const { payment_id } = await startPlanPurchase(token, planKey, cycle);
  return call("/subscription/mock-payment/confirm", {
    method: "POST",
    body: { payment_id, card_number: "6037997712345678" },
    token,
  });
}
