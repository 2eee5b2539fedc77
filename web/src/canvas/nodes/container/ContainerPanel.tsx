// The container node's settings.
import type { PanelProps } from "../../panels/types";

export function ContainerPanel(_props: PanelProps<"container">) {
  return null;
}
