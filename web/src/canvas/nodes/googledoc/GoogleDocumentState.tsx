// How far the node's doc or sheet has been read (processing with progress,
// ready, or failed with the server's reason), polled while it is being read.
import { fa } from "../../../i18n/fa";
import { useKnowledge } from "../../../state/useKnowledge";
import { DocumentStatus } from "../../knowledge/DocumentStatus";
import fieldStyles from "../../panels/fields/fields.module.css";

const words = fa.nodes.googledoc;

/** `refresh` changes when a read was asked for, so the state is read (and polled) again. */
export function GoogleDocumentState({ dbId, refresh }: { dbId: number; refresh: string }) {
  const { status } = useKnowledge(dbId, refresh);
  const doc = status?.documents[0];
  if (!doc) return null;
  return (
    <div className={fieldStyles.hint} data-testid="google-document">
      <span>{words.documentState}</span>
      <DocumentStatus doc={doc} />
    </div>
  );
}
