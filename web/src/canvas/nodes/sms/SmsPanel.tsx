// The sms node's settings.
import type { PanelProps } from "../../panels/types";

export function SmsPanel(_props: PanelProps<"sms">) {
  return null;
}
