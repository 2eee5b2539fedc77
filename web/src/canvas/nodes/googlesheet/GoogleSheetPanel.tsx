// The googlesheet node's settings: which sheet (id and name) and whether
// Google has authorized access to it.
import { fa } from "../../../i18n/fa";
import { TextInput } from "../../panels/fields/TextInput";
import type { PanelProps } from "../../panels/types";
import { GoogleAuth } from "../googledoc/GoogleAuth";

const words = fa.nodes.googlesheet;

export function GoogleSheetPanel({ form }: PanelProps<"googlesheet">) {
  const { draft } = form;
  // Cleared fields are sent as "", not left out: the server keeps a key that is left out.
  return (
    <>
      <TextInput
        label={words.sheetId}
        hint={words.sheetIdHint}
        name="sheet_id"
        ltr
        value={draft.sheet_id ?? ""}
        error={form.error("sheet_id")}
        onChange={(value) => form.update({ sheet_id: value.trim() })}
      />
      <TextInput
        label={words.sheetName}
        name="sheet_name"
        value={draft.sheet_name ?? ""}
        error={form.error("sheet_name")}
        onChange={(value) => form.update({ sheet_name: value })}
      />
      <GoogleAuth nodeId={form.nodeId} status={draft.auth_status} />
    </>
  );
}
