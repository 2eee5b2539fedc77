// The fields an assistant and an analyzer share: model, instructions, and what
// the provider and the connections set (read only).
import type { AssistantData } from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { providerModelsLoadableAtom } from "../../../state/models";
import fieldStyles from "../../panels/fields/fields.module.css";
import { TextInput } from "../../panels/fields/TextInput";
import { Select } from "../../panels/fields/Select";
import { TextArea } from "../../panels/fields/TextArea";
import type { PanelForm } from "../../panels/usePanelForm";
import { Facts, type Fact } from "../../panels/fields/Facts";
import { ASSISTANT_MODELS, modelOptions } from "./models";
import type { assistantShared } from "../../../i18n/nodes/assistant";

type Words = typeof assistantShared & { instructions: string; instructionsHint: string };

type Props = {
  form: PanelForm<"assistant"> | PanelForm<"analyzer">;
  words: Words;
  /** The kind's default model (from the rules), marked in the list. */
  defaultModel: string;
};

export function AssistantFields({ form, words, defaultModel }: Props) {
  const draft: AssistantData = form.draft;
  const update = form.update as (patch: Partial<AssistantData>) => void;
  const provider = useAtomValue(providerModelsLoadableAtom);
  const known = provider.state === "hasData" ? provider.data : null;
  const available = known?.models && known.models.length > 0 ? known.models : ASSISTANT_MODELS;
  const options = useMemo(
    () => modelOptions(draft.model, defaultModel, words, available),
    [draft.model, defaultModel, words, available],
  );

  return (
    <>
      <Select
        label={words.model}
        hint={words.modelHint}
        name="model"
        value={draft.model}
        options={options}
        error={form.error("model")}
        onChange={(model) => update({ model })}
      />
      {known?.hint && (
        <p className={fieldStyles.hint} data-testid="model-provider-hint">
          {known.hint}
        </p>
      )}
      <TextInput
        label={words.otherModel}
        hint={words.otherModelHint}
        name="model-typed"
        ltr
        value={draft.model}
        onChange={(model) => update({ model: model.trim() })}
      />
      <TextArea
        label={words.instructions}
        hint={words.instructionsHint}
        name="instructions"
        rows={8}
        autoDir
        value={draft.instructions}
        error={form.error("instructions")}
        onChange={(instructions) => update({ instructions })}
      />
      <Facts title={words.facts} facts={facts(draft, words)} />
    </>
  );
}

function facts(data: AssistantData, words: Words): Fact[] {
  const waiting = data.provider_status === "not_configured" || data.provider_status === "pending_registration";
  const registered = !waiting && !!data.assistant_id;
  return [
    {
      field: "assistant_id",
      term: words.providerId,
      value: registered ? data.assistant_id : words.notRegistered,
      ltr: registered,
      note:
        data.provider_status === "not_configured"
          ? words.notConfigured
          : data.provider_status === "pending_registration"
            ? words.pendingRegistration
            : undefined,
    },
    {
      field: "vector_store_id",
      term: words.vectorStore,
      value: data.vector_store_id || words.none,
      ltr: !!data.vector_store_id,
    },
    { field: "hasFunctions", term: words.hasFunctions, value: data.hasFunctions ? words.yes : words.no },
  ];
}
