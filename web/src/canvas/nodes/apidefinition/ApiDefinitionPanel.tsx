// The apidefinition node's settings: base URL, auth type with the matching
// credentials, default headers and a description.
import { authDataFor, authFields, type ApiAuthType, type AuthField } from "@dastyar/rules";
import { useState } from "react";
import { fa } from "../../../i18n/fa";
import { Checkbox } from "../../panels/fields/Checkbox";
import { KeyValueInput } from "../../panels/fields/KeyValueInput";
import { Select } from "../../panels/fields/Select";
import { TextArea } from "../../panels/fields/TextArea";
import { SecretInput } from "../../panels/fields/SecretInput";
import { TextInput } from "../../panels/fields/TextInput";
import type { PanelProps } from "../../panels/types";
import { authEntries } from "./auth";

const t = fa.nodes.apidefinition;
const AUTH_TYPES: readonly ApiAuthType[] = ["none", "bearer", "api_key", "basic"];
const FIELD_LABELS: Record<AuthField, string> = {
  token: t.token,
  username: t.username,
  password: t.password,
  key: t.apiKey,
  header: t.apiKeyHeader,
};

export function ApiDefinitionPanel({ form }: PanelProps<"apidefinition">) {
  const { draft, update, error } = form;
  const [showSecrets, setShowSecrets] = useState(false);
  const auth = authEntries(draft.authData);
  const fields = authFields(draft.authType);
  return (
    <>
      <TextInput
        label={t.baseUrl}
        name="baseUrl"
        type="url"
        ltr
        value={draft.baseUrl}
        hint={t.baseUrlHint}
        error={error("baseUrl")}
        onChange={(baseUrl) => update({ baseUrl })}
      />
      <Select<ApiAuthType>
        label={t.authType}
        name="authType"
        value={draft.authType}
        options={AUTH_TYPES.map((a) => ({ value: a, label: t.authTypes[a] }))}
        onChange={(authType) => update({ authType, authData: authDataFor(authType, draft.authData) })}
      />
      {fields.map(({ field, secret }) => {
        const props = {
          label: FIELD_LABELS[field],
          name: `authData.${field}`,
          value: auth[field] ?? "",
          error: error(`authData.${field}`),
          onChange: (value: string) => update({ authData: { ...auth, [field]: value } }),
        };
        return secret ? (
          <SecretInput key={field} shown={showSecrets} {...props} />
        ) : (
          <TextInput key={field} ltr hint={field === "header" ? t.apiKeyHeaderHint : undefined} {...props} />
        );
      })}
      {fields.some((f) => f.secret) && (
        <Checkbox label={t.showSecret} name="showSecret" checked={showSecrets} onChange={setShowSecrets} />
      )}
      <KeyValueInput
        label={t.defaultHeaders}
        name="defaultHeaders"
        value={draft.defaultHeaders}
        words={t.keyValue}
        error={error("defaultHeaders")}
        onChange={(defaultHeaders) => update({ defaultHeaders })}
      />
      <TextArea
        label={t.description}
        name="description"
        rows={3}
        value={draft.description}
        error={error("description")}
        onChange={(description) => update({ description })}
      />
    </>
  );
}
