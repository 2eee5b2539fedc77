// The people who wrote to the bot, latest first, the owner marked: a compact
// list for the settings panel.
import type { BotUsers } from "../../../api/types";
import { formatJalaliDate } from "../../../format/date";
import { fa } from "../../../i18n/fa";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./TelegramPanel.module.css";
import type { Answer } from "../../panels/useAnswer";

const t = fa.nodes.telegram.users;

export function BotPeople({ answer, onRetry }: { answer: Answer<BotUsers>; onRetry: () => void }) {
  const people = answer.status === "ready" ? answer.value : answer.status === "loading" ? answer.previous : undefined;
  return (
    <section className={styles.section} aria-label={t.title} aria-busy={answer.status === "loading"} data-testid="telegram-users">
      <h3 className={styles.title}>{t.title}</h3>
      {answer.status === "failed" ? (
        <div className={styles.row}>
          <p className={fieldStyles.error} role="alert">
            {answer.message}
          </p>
          <button type="button" className="button button-quiet" onClick={onRetry}>
            {t.reload}
          </button>
        </div>
      ) : !people ? (
        <p className={fieldStyles.hint} role="status">
          {t.loading}
        </p>
      ) : people.users.length === 0 ? (
        <p className={fieldStyles.hint}>{t.empty}</p>
      ) : (
        <ul className={styles.people} aria-label={t.list}>
          {people.users.map((person) => {
            const owner = person.chat_id === people.owner?.chat_id;
            return (
              <li
                key={person.chat_id}
                className={styles.person}
                data-testid="telegram-user"
                data-chat-id={person.chat_id}
                data-owner={owner ? "true" : undefined}
              >
                <span className={styles.personName}>
                  <bdi>{person.name}</bdi>
                  {owner && <span className={styles.badge}>{t.owner}</span>}
                  {person.username && (
                    <span className={styles.username} dir="ltr">
                      @{person.username}
                    </span>
                  )}
                </span>
                <span className={styles.personMeta}>
                  <span data-testid="telegram-user-messages">{t.messages(person.messages)}</span>
                  <span>{t.lastSeen(formatJalaliDate(person.last_seen, { withTime: true }))}</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
