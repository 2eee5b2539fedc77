// The request node's settings: method, endpoint, headers, query parameters,
// body and response mapping, and which API definition it is linked to (the
// link is made by connecting the two nodes, not here).
import { canvasId, message, type HttpMethod, type RequestData } from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo } from "react";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { Field } from "../../panels/fields/Field";
import { JsonInput } from "../../panels/fields/JsonInput";
import { KeyValueInput } from "../../panels/fields/KeyValueInput";
import { Select } from "../../panels/fields/Select";
import { TextInput } from "../../panels/fields/TextInput";
import type { PanelProps } from "../../panels/types";

const t = fa.nodes.request;
/** What JsonField hands back is parsed JSON. */
type Json = RequestData["body"];
const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export function RequestPanel({ form }: PanelProps<"request">) {
  const { draft, update, error } = form;
  return (
    <>
      <LinkedDefinition id={draft.apiDefinitionId} />
      <Select<HttpMethod>
        label={t.method}
        name="method"
        value={draft.method}
        options={METHODS.map((m) => ({ value: m, label: m }))}
        error={error("method")}
        onChange={(method) => update({ method })}
      />
      <TextInput
        label={t.endpoint}
        name="endpoint"
        ltr
        value={draft.endpoint}
        hint={t.endpointHint}
        error={error("endpoint")}
        onChange={(endpoint) => update({ endpoint })}
      />
      <KeyValueInput
        label={t.headers}
        name="headers"
        value={draft.headers}
        words={t.keyValue}
        hint={t.placeholdersHint}
        error={error("headers")}
        onChange={(headers) => update({ headers })}
      />
      <KeyValueInput
        label={t.queryParams}
        name="queryParams"
        value={draft.queryParams}
        words={t.keyValue}
        hint={t.placeholdersHint}
        error={error("queryParams")}
        onChange={(queryParams) => update({ queryParams })}
      />
      <JsonInput
        label={t.body}
        name="body"
        value={draft.body}
        hint={t.bodyHint}
        invalidText={t.invalidJson}
        error={error("body")}
        onChange={(body) => update({ body: body as Json })}
      />
      <JsonInput
        label={t.responseMapping}
        name="responseMapping"
        rows={3}
        value={draft.responseMapping}
        hint={t.responseMappingHint}
        invalidText={t.invalidJson}
        error={error("responseMapping")}
        onChange={(responseMapping) => update({ responseMapping: (responseMapping ?? {}) as Json })}
      />
    </>
  );
}

/** The API definition the request calls, by its label on the canvas, or the note that it needs one. */
function LinkedDefinition({ id }: { id: number | undefined }) {
  // Only the linked node's label is watched, not every node move.
  const labelAtom = useMemo(() => {
    const wanted = id == null ? null : canvasId("apidefinition", id);
    return selectAtom(nodesAtom, (nodes) => (wanted ? (nodes.find((n) => n.id === wanted)?.data.label ?? null) : null));
  }, [id]);
  const label = useAtomValue(labelAtom);
  const text = id == null ? message("request_needs_api_definition", {}) : label !== null ? t.linkedTo(label) : t.linkedToMissing;
  return (
    <Field label={t.apiDefinition}>
      {(fieldId) => (
        <output id={fieldId} data-field="apiDefinitionId" data-linked={id != null}>
          {text}
        </output>
      )}
    </Field>
  );
}
