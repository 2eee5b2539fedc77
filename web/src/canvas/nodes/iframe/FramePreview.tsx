// The owner's preview: the frame's own chat window, opened in a new tab with
// a preview session, as the saved frame is (the same conversation each time
// in this browser).
import { useState } from "react";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./IframePanel.module.css";
import { startPreview } from "./preview";

const t = fa.nodes.iframe.preview;

type Props = {
  /** The iframe node's database id. */
  nodeId: number;
  /** The frame's public key, once registered. */
  publicKey: string | undefined;
  /** Whether the panel holds edits not saved yet (the preview shows the saved frame). */
  dirty: boolean;
};

export function FramePreview({ nodeId, publicKey, dirty }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const open = async () => {
    if (!publicKey) return;
    setBusy(true);
    setProblem(null);
    try {
      const url = await startPreview(nodeId, publicKey);
      window.open(url, "_blank", "noopener");
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.section}>
      <div className={styles.row}>
        <button
          type="button"
          className="button button-quiet"
          disabled={!publicKey || busy}
          onClick={() => void open()}
          data-testid="frame-preview"
        >
          {busy ? t.opening : t.open}
        </button>
      </div>
      <p className={fieldStyles.hint}>{!publicKey ? t.unregistered : dirty ? t.unsaved : t.hint}</p>
      {problem && (
        <p className={fieldStyles.error} role="alert" data-testid="frame-preview-error">
          {problem}
        </p>
      )}
    </div>
  );
}
