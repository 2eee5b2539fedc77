// The models an assistant or analyzer may use. The server offers no model
// list yet, so the canvas names the usual ones; a stored model not among them
// stays selectable, so opening a panel never changes it.

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
): ModelOption[] {
  const known: ModelOption[] = ASSISTANT_MODELS.map((m) => ({
    value: m,
    label: m === defaultModel ? words.defaultModel(m) : m,
  }));
  if (current === "" || (ASSISTANT_MODELS as readonly string[]).includes(current)) return known;
  return [{ value: current, label: words.currentModel(current) }, ...known];
}
