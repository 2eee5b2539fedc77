// The function node's settings.
import type { PanelProps } from "../../panels/types";

export function FunctionPanel(_props: PanelProps<"function">) {
  return null;
}
