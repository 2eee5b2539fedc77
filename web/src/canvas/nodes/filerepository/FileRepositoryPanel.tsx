// The filerepository node's settings.
import type { PanelProps } from "../../panels/types";

export function FileRepositoryPanel(_props: PanelProps<"filerepository">) {
  return null;
}
