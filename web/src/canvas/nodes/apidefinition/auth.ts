// Which credentials each API auth type keeps in the free-form authData.
import type { ApiAuthType, ApiDefinitionData } from "@dastyar/rules";

type JsonValue = ApiDefinitionData["authData"];

export type AuthField = "token" | "username" | "password" | "key" | "header";

/** The authData keys each auth type uses, in form order. */
export const AUTH_FIELDS: Record<ApiAuthType, readonly AuthField[]> = {
  none: [],
  bearer: ["token"],
  basic: ["username", "password"],
  api_key: ["header", "key"],
};

/** The fields that hold secrets (shown hidden unless asked). */
export const SECRET_FIELDS: ReadonlySet<AuthField> = new Set(["token", "password", "key"]);

/** authData as a string map; anything else (an array, a number) counts as empty. */
export function authEntries(authData: JsonValue | undefined): Record<string, string> {
  if (!authData || typeof authData !== "object" || Array.isArray(authData)) return {};
  const entries: Record<string, string> = {};
  for (const [k, v] of Object.entries(authData)) if (typeof v === "string") entries[k] = v;
  return entries;
}

/**
 * authData after switching to `type`: only that type's credentials are kept,
 * so a token typed for bearer is not stored once basic is chosen.
 */
export function authDataFor(type: ApiAuthType, authData: JsonValue | undefined): Record<string, string> {
  const current = authEntries(authData);
  const kept: Record<string, string> = {};
  for (const field of AUTH_FIELDS[type]) if (current[field] !== undefined) kept[field] = current[field];
  return kept;
}
