// The test frame's chat with its assistant: the log (answers stream in as the
// model writes), tool calls folded under their message, a form for each
// function the conversation waits on, the files an answer drew on, and what
// each answer cost.
import { useAtomValue, useSetAtom } from "jotai";
import { useMemo, useState } from "react";
import { formatNumber } from "../../../format/number";
import { fa } from "../../../i18n/fa";
import { sourcesText } from "../../../../shared/citation";
import { Link } from "../../../router/Link";
import { paths } from "../../../router/paths";
import { answerFunctionAtom, chatAtom, newConversationAtom, sendAtom } from "../../../state/testFrameChat";
import fieldStyles from "../../panels/fields/fields.module.css";
import { FunctionResultForm } from "./FunctionResultForm";
import styles from "./TestFramePanel.module.css";
import { ToolCallFold } from "./ToolCallFold";

const words = fa.nodes.testframe;

export function ChatBox({ chatId, assistantId }: { chatId: string; assistantId: number }) {
  const chat = useAtomValue(useMemo(() => chatAtom(chatId), [chatId]));
  const send = useSetAtom(sendAtom);
  const newConversation = useSetAtom(newConversationAtom);
  const answerFunction = useSetAtom(answerFunctionAtom);
  const [draft, setDraft] = useState("");
  const waiting = chat.pending.length > 0;
  const canSend = !chat.streaming && !waiting && draft.trim() !== "";

  const submit = () => {
    if (!canSend) return;
    void send(chatId, assistantId, draft.trim());
    setDraft("");
  };

  return (
    <section className={styles.chat} aria-label={words.chat}>
      <div className={styles.head}>
        <h3 className={styles.title}>{words.chat}</h3>
        <button
          type="button"
          className="button"
          disabled={chat.streaming}
          onClick={() => void newConversation(chatId, assistantId)}
          data-testid="testframe-new"
        >
          {words.newConversation}
        </button>
      </div>
      <div className={styles.log} role="log" aria-live="polite" aria-label={words.chat} data-testid="testframe-log">
        {chat.messages.length === 0 && <p className={styles.note}>{words.empty}</p>}
        {chat.messages.map((message) => (
          <div
            key={message.key}
            className={message.role === "user" ? styles.user : styles.assistant}
            data-testid={`testframe-message-${message.role}`}
          >
            <span className={styles.who}>{message.role === "user" ? words.you : words.assistantSays}</span>
            {message.text !== "" && (
              <p dir="auto" className={styles.text} data-testid="testframe-text">
                {message.text}
              </p>
            )}
            {message.toolCalls.map((call) => (
              <ToolCallFold key={call.id} call={call} />
            ))}
            {message.sources && message.sources.length > 0 && (
              <p className={styles.sources} data-testid="testframe-sources">
                {sourcesText(message.sources, fa.knowledge.sources)}
              </p>
            )}
            {message.credits !== undefined && (
              <span className={styles.cost}>{words.spent(formatNumber(message.credits))}</span>
            )}
          </div>
        ))}
        {chat.streaming && <p className={styles.note}>{words.sending}</p>}
      </div>
      {chat.pending.map((call) => (
        <FunctionResultForm
          key={call.id}
          call={call}
          disabled={chat.streaming}
          onSend={(output) => void answerFunction(chatId, call.id, output)}
        />
      ))}
      {chat.problem && (
        <div className={styles.problem} role="alert" data-testid="testframe-error" data-code={chat.problem.code}>
          <p className={styles.text}>{chat.problem.message}</p>
          {chat.problem.code === "insufficient_credits" && <Link to={paths.subscription}>{words.buyCredits}</Link>}
        </div>
      )}
      <textarea
        aria-label={words.message}
        name="message"
        className={fieldStyles.input}
        rows={2}
        dir="auto"
        placeholder={words.placeholder}
        value={draft}
        disabled={waiting}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        data-testid="testframe-input"
      />
      <div className={styles.head}>
        <button type="button" className="button" disabled={!canSend} onClick={submit} data-testid="testframe-send">
          {chat.streaming ? words.sending : words.send}
        </button>
        {chat.balance !== null && (
          <span className={styles.balance} data-testid="testframe-balance">
            {words.balance(formatNumber(chat.balance))}
          </span>
        )}
      </div>
    </section>
  );
}
