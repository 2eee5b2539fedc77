// The googledoc node's settings.
import type { PanelProps } from "../../panels/types";

export function GoogleDocPanel(_props: PanelProps<"googledoc">) {
  return null;
}
