// The fake WordPress site's control API (tests/fakes, beside its REST API):
// the specs add users, categories and tags to it and read the posts made.
import { expect } from "@playwright/test";

/** A user the fake added, with an application password made for them. */
export type FakeWordpressUser = { user: { id: number; username: string; name: string }; application_password: string };

/** The site's address, as a node's `site_url`. */
export function wordpressSite(): string {
  const base = process.env.DASTYAR_E2E_FAKE_WORDPRESS;
  if (!base) throw new Error("e2e: DASTYAR_E2E_FAKE_WORDPRESS is unset; run through playwright.config.ts");
  return base;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const answer = await fetch(`${wordpressSite()}/_fake/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as T;
}

/** A new user of `role` ("editor", "author", …). */
export function addWordpressUser(username: string, name: string, role: string): Promise<FakeWordpressUser> {
  return post("users", { username, name, role });
}

/** A new category; its id. */
export async function addCategory(name: string): Promise<number> {
  return (await post<{ id: number }>("categories", { name })).id;
}

/** A new tag; its id. */
export async function addTag(name: string): Promise<number> {
  return (await post<{ id: number }>("tags", { name })).id;
}
