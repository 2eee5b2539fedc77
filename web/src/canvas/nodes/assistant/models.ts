// The models an assistant or analyzer may use: the provider's list when the
// server has one (GET /playground/models), else the usual ones named here. A
// stored model not among them stays selectable, so opening a panel never
// changes it; any other name can be typed.

export const ASSISTANT_MODELS = [
  "gpt-4.1-nano",
  "gpt-4.1-mini",
  "gpt-4.1",
  "gpt-4o-mini",
  "gpt-4o",
  "o4-mini",
  "o3",
] as const;

export type ModelOption = { value: string; label: string };

/**
 * The choices for a model select: the known models with `defaultModel`
 * marked, and `current` first when it is not one of them.
 */
export function modelOptions(
  current: string,
  defaultModel: string,
  words: { defaultModel: (m: string) => string; currentModel: (m: string) => string },
  available: readonly string[] = ASSISTANT_MODELS,
): ModelOption[] {
  const known: ModelOption[] = available.map((m) => ({
    value: m,
    label: m === defaultModel ? words.defaultModel(m) : m,
  }));
  if (current === "" || available.includes(current)) return known;
  return [{ value: current, label: words.currentModel(current) }, ...known];
}
