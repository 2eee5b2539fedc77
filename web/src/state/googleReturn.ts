// Coming back from Google's consent page: the server sends the browser to
// the project's canvas with `?google=authorized&node=<id>`, or
// `?google=failed&node=<id>&error=<message code>` and that message's
// placeholders (server/src/knowledge/google/flow.rs). Once the canvas is
// loaded the node is selected, so its settings panel opens and shows how it
// ended.
import { message, messageCatalogue, type MessageCode } from "@dastyar/rules";
import { atom } from "jotai";
import { databaseId } from "../canvas/model";
import { nodesAtom, selectedNodeIdAtom } from "./canvas/atoms";

/** What the address said about a return from Google. */
export type GoogleReturnQuery = { dbId: number } & ({ outcome: "authorized" } | { outcome: "failed"; message: string });

/** How a return from Google ended, for the panel of the node it was about. */
export type GoogleReturn = { nodeId: string } & ({ outcome: "authorized" } | { outcome: "failed"; message: string });

/** The last return from Google, until the canvas closes or the panel acts again. */
export const googleReturnAtom = atom<GoogleReturn | null>(null);

/** The parameters of the return itself; any other one is a placeholder of its message. */
const RETURN_PARAMS = new Set(["google", "node", "error"]);

/** The return the query describes, or null when it describes none. */
export function readGoogleReturn(query: URLSearchParams): GoogleReturnQuery | null {
  const outcome = query.get("google");
  const node = query.get("node") ?? "";
  if (!outcome || !/^[1-9][0-9]{0,15}$/.test(node)) return null;
  const dbId = Number(node);
  if (outcome === "authorized") return { dbId, outcome };
  const params: Record<string, string> = {};
  query.forEach((value, name) => {
    if (!RETURN_PARAMS.has(name)) params[name] = value;
  });
  return { dbId, outcome: "failed", message: failureText(query.get("error") ?? "", params) };
}

/** The catalogue's text for the code the server sent; a code it does not know is Google's own reason. */
function failureText(code: string, params: Record<string, string>): string {
  if (Object.hasOwn(messageCatalogue(), code)) return message(code as MessageCode, params);
  return message("google_refused", { reason: code });
}

/**
 * Takes the return from Google the query describes: selects its node (the
 * settings panel opens) and keeps the outcome for that panel. Answers
 * whether the query held one, so that the caller drops it from the address.
 */
export const takeGoogleReturnAtom = atom(null, (get, set, query: URLSearchParams): boolean => {
  if (!query.has("google")) return false;
  const taken = readGoogleReturn(query);
  const node = taken && get(nodesAtom).find((n) => (n.type === "googledoc" || n.type === "googlesheet") && databaseId(n.id) === taken.dbId);
  // A node deleted meanwhile (or a made-up address): nothing to open.
  if (!taken || !node) return true;
  set(selectedNodeIdAtom, node.id);
  set(googleReturnAtom, taken.outcome === "authorized" ? { nodeId: node.id, outcome: "authorized" } : { nodeId: node.id, outcome: "failed", message: taken.message });
  return true;
});
