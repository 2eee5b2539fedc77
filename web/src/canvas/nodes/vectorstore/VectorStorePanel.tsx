// The vectorstore node's settings: its provider id (read only), the files
// reaching it, one row each with its reading state, and a search to try
// over them.
import { fa } from "../../../i18n/fa";
import { KnowledgeSearch } from "../../knowledge/KnowledgeSearch";
import { databaseId } from "../../model";
import type { PanelProps } from "../../panels/types";
import { Facts } from "../../panels/fields/Facts";
import { StoreFiles } from "./StoreFiles";

const words = fa.nodes.vectorstore;

export function VectorStorePanel({ form }: PanelProps<"vectorstore">) {
  const id = form.draft.vector_store_id;
  const dbId = databaseId(form.nodeId);
  return (
    <>
      <Facts
        facts={[
          { field: "vector_store_id", term: words.vectorStoreId, value: id || words.notCreated, ltr: !!id },
        ]}
      />
      <StoreFiles nodeId={form.nodeId} />
      {dbId !== null && <KnowledgeSearch dbId={dbId} />}
    </>
  );
}
