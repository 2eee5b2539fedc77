// authData as the credential inputs read it. Which credentials each auth type
// keeps is core's rule (`authFields`, `authDataFor` in @dastyar/rules).
import type { ApiDefinitionData } from "@dastyar/rules";

type JsonValue = ApiDefinitionData["authData"];

/** authData as a string map; anything else (an array, a number) counts as empty. */
export function authEntries(authData: JsonValue | undefined): Record<string, string> {
  if (!authData || typeof authData !== "object" || Array.isArray(authData)) return {};
  const entries: Record<string, string> = {};
  for (const [k, v] of Object.entries(authData)) if (typeof v === "string") entries[k] = v;
  return entries;
}
