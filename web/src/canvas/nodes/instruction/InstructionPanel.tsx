// The instruction node's settings: its text.
import { fa } from "../../../i18n/fa";
import { TextArea } from "../../panels/fields/TextArea";
import type { PanelProps } from "../../panels/types";

export function InstructionPanel({ form }: PanelProps<"instruction">) {
  const words = fa.nodes.instruction;
  return (
    <TextArea
      label={words.content}
      hint={words.contentHint}
      name="content"
      rows={10}
      autoDir
      value={form.draft.content}
      error={form.error("content")}
      onChange={(content) => form.update({ content })}
    />
  );
}
