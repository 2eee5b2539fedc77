// The test frame's settings: which of the project's assistants it talks to,
// and the chat itself. The frame is never saved; chatting needs the
// assistant runtime, which is not here yet, so sending is off and says so
// (no pretend replies).
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { fa } from "../../../i18n/fa";
import { Field } from "../../panels/fields/Field";
import fieldStyles from "../../panels/fields/fields.module.css";
import { Select } from "../../panels/fields/Select";
import type { PanelProps } from "../../panels/types";
import { assistantChoicesAtom } from "./assistants";
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
      <section className={styles.chat} aria-label={words.chat}>
        <h3 className={styles.title}>{words.chat}</h3>
        <div className={styles.log} role="log" aria-label={words.chat} data-testid="testframe-log" />
        <Field label={words.message}>
          {(id) => <textarea id={id} name="message" className={fieldStyles.input} rows={2} disabled />}
        </Field>
        <button type="button" className="button" disabled data-testid="testframe-send">
          {words.send}
        </button>
        <p className={styles.note} data-testid="testframe-note">
          {words.runtimeNote}
        </p>
      </section>
    </>
  );
}
