// Whether a WordPress node's site address parses, which the connection rule
// "wordpress complete" needs (core's connect::site_urls): the page parses each
// address once with the rules' normalizeWordpressUrl and tells the check, so
// the check itself needs no URL parser. That is in the URL rules' module:
// until it is here the answer is unknown (and asking fetches it); connectAtom
// waits for it before checking a connection to a WordPress node.
import type { FlowNode } from "../../canvas/model";
import { loadUrlRules, urlRulesNow } from "../../canvas/urlRules";

/** Addresses parsed so far; cleared when it grows past a canvas's worth. */
const known = new Map<string, boolean>();
const KEPT = 1000;

/** Whether `node`'s site address parses; undefined for a node that is not WordPress. */
export function siteUrlValidity(node: FlowNode | undefined): boolean | undefined {
  if (node?.type !== "wordpress") return undefined;
  const url = (node.data as { siteUrl?: unknown }).siteUrl;
  if (typeof url !== "string") return undefined;
  let valid = known.get(url);
  if (valid === undefined) {
    const rules = urlRulesNow();
    if (!rules) {
      void loadUrlRules().catch(() => {});
      return undefined;
    }
    valid = rules.normalizeWordpressUrl(url).ok;
    if (known.size >= KEPT) known.clear();
    known.set(url, valid);
  }
  return valid;
}
