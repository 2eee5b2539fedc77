// What each WordPress node's site answered, kept by the node's database id so
// a panel that opens again shows it at once: the last connection test, and
// the categories, authors and tags its pickers offer.
import type { WordpressTerm } from "@dastyar/rules";
import { atom } from "jotai";
import type { WordpressTestResult } from "../api/types";
import { testWordpressConnection, wordpressTerms, type TermList } from "../api/wordpress";
import { errorText } from "./notifications";

export const TERM_LISTS: readonly TermList[] = ["categories", "authors", "tags"];

/** One site's lists as last read (null: not read yet), and why the last read failed. */
export type SiteLists = {
  lists: Record<TermList, WordpressTerm[] | null>;
  /** The lists the site has more of than were read (1,000 at most). */
  truncated: TermList[];
  loading: boolean;
  /** The first failure's Persian message, null when the last read went well. */
  error: string | null;
};

export const NO_LISTS: SiteLists = {
  lists: { categories: null, authors: null, tags: null },
  truncated: [],
  loading: false,
  error: null,
};

/** Every WordPress node's lists, by database id. */
export const wordpressListsAtom = atom<ReadonlyMap<number, SiteLists>>(new Map());

/** Every WordPress node's last connection test, by database id. */
export const wordpressTestsAtom = atom<ReadonlyMap<number, WordpressTestResult>>(new Map());

/**
 * Reads node `id`'s three lists at once. Each list that arrives replaces the
 * one kept; one that fails keeps the last, with the first failure's reason.
 */
export const loadWordpressListsAtom = atom(null, async (get, set, id: number, signal?: AbortSignal): Promise<void> => {
  const before = get(wordpressListsAtom).get(id) ?? NO_LISTS;
  set(wordpressListsAtom, (map) => new Map(map).set(id, { ...before, loading: true }));
  const answers = await Promise.allSettled(TERM_LISTS.map((list) => wordpressTerms(id, list, signal)));
  if (signal?.aborted) {
    set(wordpressListsAtom, (map) => new Map(map).set(id, { ...(map.get(id) ?? before), loading: false }));
    return;
  }
  const lists = { ...before.lists };
  const truncated: TermList[] = [];
  let error: string | null = null;
  answers.forEach((answer, at) => {
    const list = TERM_LISTS[at]!;
    if (answer.status === "fulfilled") {
      lists[list] = answer.value.items;
      if (answer.value.truncated) truncated.push(list);
    } else {
      error ??= errorText(answer.reason);
      if (before.truncated.includes(list)) truncated.push(list);
    }
  });
  set(wordpressListsAtom, (map) => new Map(map).set(id, { lists, truncated, loading: false, error }));
});

/** Tests node `id`'s saved connection; the result is kept. Fails only when the call itself does (a 422 naming a missing field, a 404). */
export const testWordpressAtom = atom(null, async (_get, set, id: number): Promise<WordpressTestResult> => {
  const result = await testWordpressConnection(id);
  set(wordpressTestsAtom, (map) => new Map(map).set(id, result));
  return result;
});
