// The telegram node's settings.
import type { PanelProps } from "../../panels/types";

export function TelegramPanel(_props: PanelProps<"telegram">) {
  return null;
}
