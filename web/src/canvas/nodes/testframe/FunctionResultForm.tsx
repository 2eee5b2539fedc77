// A function call the conversation waits on: nothing on the server can run a
// function, so the person types what it returned and the answer goes on.
import { useState } from "react";
import type { PendingCall } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./TestFramePanel.module.css";

const words = fa.nodes.testframe;

export function FunctionResultForm({
  call,
  disabled,
  onSend,
}: {
  call: PendingCall;
  disabled: boolean;
  onSend: (output: string) => void;
}) {
  const [output, setOutput] = useState("");
  // Not a <form>: the settings panel around it is one, and forms do not nest.
  return (
    <div className={styles.pending} role="group" aria-label={words.functionResult}>
      <p className={styles.pendingTitle}>{words.functionWaits(call.name)}</p>
      <pre dir="ltr" className={styles.code}>
        {call.arguments}
      </pre>
      <textarea
        aria-label={words.functionResult}
        className={fieldStyles.input}
        rows={2}
        dir="auto"
        value={output}
        onChange={(event) => setOutput(event.target.value)}
        data-testid="testframe-function-result"
      />
      <button
        type="button"
        className="button"
        disabled={disabled || output.trim() === ""}
        onClick={() => onSend(output.trim())}
        data-testid="testframe-function-send"
      >
        {words.functionSend}
      </button>
    </div>
  );
}
