// The apidefinition node's settings.
import type { PanelProps } from "../../panels/types";

export function ApiDefinitionPanel(_props: PanelProps<"apidefinition">) {
  return null;
}
