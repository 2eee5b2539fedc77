// The fake Kavenegar's control API (tests/fakes, beside its /v1 routes): the
// specs open accounts on it and read the messages it was asked to send.
import { expect } from "@playwright/test";

/** An account the fake opened: its API key and the owner's mobile. */
export type FakeSmsAccount = { api_key: string; credit: number; lines: string[]; owner: string };

/** A message the fake accepted, as Kavenegar would list it. */
export type FakeSms = { messageid: number; api_key: string; method: string; receptor: string; sender: string; message: string };

function control(path: string): string {
  const base = process.env.DASTYAR_E2E_FAKE_KAVENEGAR;
  if (!base) throw new Error("e2e: DASTYAR_E2E_FAKE_KAVENEGAR is unset; run through playwright.config.ts");
  return `${base}/_fake/${path}`;
}

/** A new account with credit, sending from its first line. */
export async function newSmsAccount(): Promise<FakeSmsAccount> {
  const answer = await fetch(control("accounts"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ credit: 1_000_000 }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as FakeSmsAccount;
}

/** Every message sent through account `apiKey`, oldest first. */
export async function smsSentWith(apiKey: string): Promise<FakeSms[]> {
  const answer = await fetch(control("sent"));
  expect(answer.status).toBe(200);
  return ((await answer.json()) as FakeSms[]).filter((sms) => sms.api_key === apiKey);
}

/** The next `count` calls of `method` (`sms/send`, …) answered with Kavenegar's `status`. */
export async function failNextSms(method: string, count: number, status: number): Promise<void> {
  const answer = await fetch(control("fail_next"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ method, count, status }),
  });
  expect(answer.status, await answer.clone().text()).toBe(204);
}
