// The test frame's settings: which of the project's assistants it talks to,
// and the chat with it. The frame is never saved; its chat talks to the
// assistant's runtime for real (streamed answers, tools, credits).
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { fa } from "../../../i18n/fa";
import { Select } from "../../panels/fields/Select";
import type { PanelProps } from "../../panels/types";
import { databaseId } from "../../model";
import { assistantChoicesAtom } from "./assistants";
import { ChatBox } from "./ChatBox";
import styles from "./TestFramePanel.module.css";

const words = fa.nodes.testframe;

export function TestFramePanel({ form }: PanelProps<"testframe">) {
  const choices = useAtomValue(assistantChoicesAtom);
  const current = form.draft.assistantId ?? "";
  const options = useMemo(() => {
    const list = [{ value: "", label: words.noAssistant }, ...choices.map((c) => ({ value: c.id, label: c.label }))];
    // Chosen, then deleted: still shown, so the choice is not changed behind the person's back.
    if (current !== "" && !choices.some((c) => c.id === current)) list.push({ value: current, label: words.missingAssistant });
    return list;
  }, [choices, current]);
  const assistant = choices.some((c) => c.id === current) ? databaseId(current) : null;

  return (
    <>
      <Select
        label={words.assistant}
        hint={choices.length === 0 ? words.noAssistants : words.assistantHint}
        name="assistantId"
        value={current}
        options={options}
        error={form.error("assistantId")}
        onChange={(value) => form.update({ assistantId: value === "" ? undefined : value })}
      />
      {assistant === null ? (
        <p className={styles.note} data-testid="testframe-note">
          {words.pickAssistantFirst}
        </p>
      ) : (
        // One chat per frame and assistant: choosing another starts afresh.
        <ChatBox key={current} chatId={`${form.nodeId}:${current}`} assistantId={assistant} />
      )}
    </>
  );
}
