// The models the server's provider serves, asked for once a session. Without
// a provider the list is null and `hint` carries the server's Persian message
// (which names the setting to make); the fields then offer the usual names.
import { atom } from "jotai";
import { loadable } from "jotai/utils";
import { ApiError } from "../api/client";
import { listModels } from "../api/models";

export type ProviderModels = { models: string[] | null; hint: string | null };

const providerModelsAtom = atom(async (): Promise<ProviderModels> => {
  try {
    const answer = await listModels();
    return { models: answer.models.map((m) => m.id), hint: null };
  } catch (error) {
    return { models: null, hint: error instanceof ApiError ? error.message : null };
  }
});

/** The provider's models without suspending: loading reads as unknown. */
export const providerModelsLoadableAtom = loadable(providerModelsAtom);
