// Whether the frame is live on the site, in a badge, and what that means:
// live needs the frame registered (its embed code made) and an assistant joined.
import type { IframeData } from "@dastyar/rules";
import { fa } from "../../../i18n/fa";
import { frameState } from "./frame";
import styles from "./IframePanel.module.css";

const t = fa.nodes.iframe.site;

export function FrameState({ saved }: { saved: IframeData }) {
  const { state, notes } = frameState(saved);
  return (
    <div className={styles.state} data-testid="frame-state" data-state={state} role="status">
      <span className={styles.badge} data-testid="frame-state-badge">
        {t.states[state]}
      </span>
      <ul className={styles.notes}>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}
