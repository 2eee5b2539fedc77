// The filedb node's settings.
import type { PanelProps } from "../../panels/types";

export function FileDbPanel(_props: PanelProps<"filedb">) {
  return null;
}
