// What the WordPress panel's pickers offer and keep, worked out apart from
// React so it can be tested: the site's list with what the node saved, the
// names kept with the node for what is picked, and whether the saved
// connection can be asked at all.
import { wordpressAuthProblems, type WordpressData, type WordpressTerm } from "@dastyar/rules";

/** The site's list as read (in its order), then what the node saved that the site no longer lists; each id once. */
export function pickerTerms(loaded: readonly WordpressTerm[] | null, saved: readonly WordpressTerm[]): WordpressTerm[] {
  const terms = [...(loaded ?? [])];
  for (const term of saved) {
    if (!terms.some((t) => t.id === term.id)) terms.push(term);
  }
  return terms;
}

/**
 * The terms among `options` that `ids` name, in that order, each once: the
 * node keeps these names (not the whole site's list, which may run to a
 * thousand) so its card and its assistant's tool can name what was picked.
 */
export function termsKept(options: readonly WordpressTerm[], ids: readonly (number | undefined)[]): WordpressTerm[] {
  const kept: WordpressTerm[] = [];
  for (const id of ids) {
    const term = options.find((t) => t.id === id);
    if (term && !kept.includes(term)) kept.push(term);
  }
  return kept;
}

/** The fields the server signs in with. */
type Connection = Pick<WordpressData, "siteUrl" | "authType" | "authData">;

/** Whether the draft signs in as the saved node does (the server tests and lists with what is saved). */
export function sameConnection(draft: Connection, saved: Connection): boolean {
  const a = draft.authData;
  const b = saved.authData;
  return (
    draft.siteUrl.trim() === saved.siteUrl.trim() &&
    draft.authType === saved.authType &&
    a.username === b.username &&
    a.applicationPassword === b.applicationPassword &&
    a.password === b.password &&
    a.jwtToken === b.jwtToken
  );
}

/** Whether a saved node has an address and the credentials its auth type signs in with. */
export function connectionComplete(saved: Connection): boolean {
  return saved.siteUrl.trim() !== "" && wordpressAuthProblems(saved.authType, saved.authData).length === 0;
}
