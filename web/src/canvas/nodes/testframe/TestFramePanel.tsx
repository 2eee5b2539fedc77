// The testframe node's settings.
import type { PanelProps } from "../../panels/types";

export function TestFramePanel(_props: PanelProps<"testframe">) {
  return null;
}
