// The analyzer node's settings.
import type { PanelProps } from "../../panels/types";

export function AnalyzerPanel(_props: PanelProps<"analyzer">) {
  return null;
}
