// One tool call folded under the message that made it: its name and kind,
// what the model passed, and what came back.
import { memo } from "react";
import { fa } from "../../../i18n/fa";
import type { ChatToolCall } from "../../../state/testFrameChat";
import styles from "./TestFramePanel.module.css";

const words = fa.nodes.testframe;

/** JSON shown indented when it is JSON, as written otherwise. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export const ToolCallFold = memo(function ToolCallFold({ call }: { call: ChatToolCall }) {
  const status = call.result === undefined ? words.waitingResult : call.result.ok ? null : words.failed;
  return (
    <details className={styles.tool} data-testid="testframe-toolcall" data-tool={call.name}>
      <summary>
        {words.toolCall(call.name)} <span className={styles.toolKind}>({words.toolKind[call.kind]})</span>
        {status && <span className={styles.toolStatus}> — {status}</span>}
      </summary>
      <div className={styles.toolPart}>{words.arguments}</div>
      <pre dir="ltr" className={styles.code}>
        {pretty(call.arguments)}
      </pre>
      {call.result && (
        <>
          <div className={styles.toolPart}>{words.result}</div>
          <pre dir="auto" className={styles.code} data-testid="testframe-toolresult">
            {pretty(call.result.output)}
          </pre>
        </>
      )}
    </details>
  );
});
