// The request node's settings.
import type { PanelProps } from "../../panels/types";

export function RequestPanel(_props: PanelProps<"request">) {
  return null;
}
