// The function node's settings: its tool name and description, and its
// parameters' schema, each checked live by the rules.
import { validateFunctionName, validateFunctionParameters, type FunctionData } from "@dastyar/rules";
import { useMemo } from "react";
import { fa } from "../../../i18n/fa";
import { TextArea } from "../../panels/fields/TextArea";
import { TextInput } from "../../panels/fields/TextInput";
import { useLocalProblem } from "../../panels/localProblems";
import type { PanelProps } from "../../panels/types";
import { GenerateWithModel } from "./GenerateWithModel";
import { ParametersEditor } from "./ParametersEditor";

const words = fa.nodes.function;

export function FunctionPanel({ form }: PanelProps<"function">) {
  const { draft } = form;
  // prepareNodeData leaves a blank name and an empty schema alone (a function
  // may wait for them); the validators say what connecting will need.
  const nameProblem = useMemo(() => {
    const check = validateFunctionName(draft.functionName);
    return check.ok ? undefined : check.error.message;
  }, [draft.functionName]);
  // The name is the tool name the server stores: a blank one cannot be saved.
  useLocalProblem("functionName", draft.functionName.trim() === "" ? (nameProblem ?? null) : null);
  const schemaProblem = useMemo(() => {
    const check = validateFunctionParameters(draft.parameters);
    return check.ok ? undefined : check.error.message;
  }, [draft.parameters]);

  return (
    <>
      <GenerateWithModel draft={draft} onDraft={form.update} />
      <TextInput
        label={words.functionName}
        hint={words.functionNameHint}
        name="functionName"
        ltr
        value={draft.functionName}
        error={form.error("functionName") ?? nameProblem}
        onChange={(functionName) => form.update({ functionName })}
      />
      <TextArea
        label={words.functionDescription}
        hint={words.functionDescriptionHint}
        name="functionDescription"
        rows={3}
        autoDir
        value={draft.functionDescription}
        error={form.error("functionDescription")}
        onChange={(functionDescription) => form.update({ functionDescription })}
      />
      <ParametersEditor
        value={draft.parameters}
        error={form.error("parameters") ?? schemaProblem}
        onChange={(parameters) => form.update({ parameters: parameters as FunctionData["parameters"] })}
      />
    </>
  );
}
