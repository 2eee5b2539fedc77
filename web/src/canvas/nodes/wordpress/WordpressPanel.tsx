// The wordpress node's settings.
import type { PanelProps } from "../../panels/types";

export function WordpressPanel(_props: PanelProps<"wordpress">) {
  return null;
}
