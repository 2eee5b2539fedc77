// The googledoc node's settings: which document (id and name) and whether
// Google has authorized access to it.
import { fa } from "../../../i18n/fa";
import { TextInput } from "../../panels/fields/TextInput";
import type { PanelProps } from "../../panels/types";
import { GoogleAuth } from "./GoogleAuth";

const words = fa.nodes.googledoc;

export function GoogleDocPanel({ form }: PanelProps<"googledoc">) {
  const { draft } = form;
  // Cleared fields are sent as "", not left out: the server keeps a key that is left out.
  return (
    <>
      <TextInput
        label={words.docId}
        hint={words.docIdHint}
        name="doc_id"
        ltr
        value={draft.doc_id ?? ""}
        error={form.error("doc_id")}
        onChange={(value) => form.update({ doc_id: value.trim() })}
      />
      <TextInput
        label={words.docName}
        name="doc_name"
        value={draft.doc_name ?? ""}
        error={form.error("doc_name")}
        onChange={(value) => form.update({ doc_name: value })}
      />
      <GoogleAuth nodeId={form.nodeId} status={draft.auth_status} />
    </>
  );
}
