// The googlesheet node's settings.
import type { PanelProps } from "../../panels/types";

export function GoogleSheetPanel(_props: PanelProps<"googlesheet">) {
  return null;
}
