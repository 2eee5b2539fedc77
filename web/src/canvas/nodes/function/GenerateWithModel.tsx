// Drafting the function with the model: the person says what it should do,
// the server's generate-function-json answers a checked definition, and it
// fills the form as edits the person can still change before saving.
import type { FunctionData } from "@dastyar/rules";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { generateFunctionJson } from "../../../api/functionJson";
import { fa } from "../../../i18n/fa";
import { Link } from "../../../router/Link";
import { paths } from "../../../router/paths";
import fieldStyles from "../../panels/fields/fields.module.css";
import { Field } from "../../panels/fields/Field";

const words = fa.nodes.function;

type Props = {
  draft: FunctionData;
  onDraft: (patch: Partial<FunctionData>) => void;
};

export function GenerateWithModel({ draft, onDraft }: Props) {
  const [request, setRequest] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ code: string; message: string } | null>(null);

  const generate = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const current = { name: draft.functionName, description: draft.functionDescription, parameters: draft.parameters };
      const generated = await generateFunctionJson(request.trim(), current);
      onDraft({
        functionName: generated.name,
        functionDescription: generated.description,
        parameters: generated.parameters as FunctionData["parameters"],
      });
    } catch (error) {
      setProblem(
        error instanceof ApiError ? { code: error.code, message: error.message } : { code: "", message: fa.errors.network },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field label={words.generate} hint={words.generateHint}>
      {(id, describedBy) => (
        <>
          <textarea
            id={id}
            aria-describedby={describedBy}
            className={fieldStyles.input}
            rows={2}
            dir="auto"
            value={request}
            onChange={(event) => setRequest(event.target.value)}
            data-testid="function-generate-input"
          />
          <button
            type="button"
            className="button"
            disabled={busy || request.trim() === ""}
            onClick={() => void generate()}
            data-testid="function-generate"
          >
            {busy ? words.generating : words.generateButton}
          </button>
          {problem && (
            <p className={fieldStyles.error} role="alert" data-testid="function-generate-error">
              {problem.message}{" "}
              {problem.code === "insufficient_credits" && <Link to={paths.subscription}>{words.buyCredits}</Link>}
            </p>
          )}
        </>
      )}
    </Field>
  );
}
