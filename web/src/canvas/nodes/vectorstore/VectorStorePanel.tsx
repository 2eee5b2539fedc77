// The vectorstore node's settings.
import type { PanelProps } from "../../panels/types";

export function VectorStorePanel(_props: PanelProps<"vectorstore">) {
  return null;
}
