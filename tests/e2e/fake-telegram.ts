// The fake Telegram Bot API's control API (tests/fakes, beside its /bot
// routes): the specs make bots, write to them as a person, and read what the
// bots sent.
import { expect } from "@playwright/test";

/** A bot the fake made: its token, as BotFather would give it. */
export type FakeBot = { token: string; id: number; username: string; first_name: string };

/** A message a bot sent, as the fake recorded it (`plain` is what the person sees). */
export type SentMessage = { chat_id: number; text: string; plain: string };

function control(path: string): string {
  const base = process.env.DASTYAR_E2E_FAKE_TELEGRAM;
  if (!base) throw new Error("e2e: DASTYAR_E2E_FAKE_TELEGRAM is unset; run through playwright.config.ts");
  return `${base}/_fake/${path}`;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const answer = await fetch(control(path), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as T;
}

/** A new bot named `name`. */
export function newBot(name: string): Promise<FakeBot> {
  return post("bots", { name });
}

/** A person writes `text` to the bot from chat `chatId`. */
export async function personWrites(bot: FakeBot, chatId: number, firstName: string, text: string): Promise<void> {
  await post("updates", { token: bot.token, chat_id: chatId, first_name: firstName, text });
}

/** Every message the bot sent, oldest first. */
export async function sentBy(bot: FakeBot): Promise<SentMessage[]> {
  const answer = await fetch(control(`sent?token=${encodeURIComponent(bot.token)}`));
  expect(answer.status).toBe(200);
  return (await answer.json()) as SentMessage[];
}
