// The instruction node's settings.
import type { PanelProps } from "../../panels/types";

export function InstructionPanel(_props: PanelProps<"instruction">) {
  return null;
}
