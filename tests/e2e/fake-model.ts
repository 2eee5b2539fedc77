// The fake model's control API (tests/fakes, beside its /v1): the specs
// script its next answers over HTTP.
import { expect } from "@playwright/test";

/** An address of the fake model's control API. */
export function fakeControl(path: string): string {
  const base = process.env.DASTYAR_E2E_FAKE_OPENAI;
  if (!base) throw new Error("e2e: DASTYAR_E2E_FAKE_OPENAI is unset; run through playwright.config.ts");
  return `${base.replace(/\/v1$/, "")}/_fake/${path}`;
}

/** Queues the fake model's next answers. */
export async function script(replies: unknown[]): Promise<void> {
  const answer = await fetch(fakeControl("replies"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(replies),
  });
  expect(answer.status).toBe(204);
}
