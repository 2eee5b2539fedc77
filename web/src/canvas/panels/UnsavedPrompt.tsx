// The question when a panel with unsaved edits is closed or another node is
// chosen: save (and go on), discard (and go on), or stay.
import { useEffect, useId, useRef } from "react";
import dialog from "../../components/ConfirmDialog.module.css";
import { fa } from "../../i18n/fa";

type Props = {
  label: string;
  saving: boolean;
  /** The edits have problems: they cannot be saved as they are. */
  canSave: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onStay: () => void;
};

export function UnsavedPrompt({ label, saving, canSave, onSave, onDiscard, onStay }: Props) {
  const t = fa.canvas.unsaved;
  const titleId = useId();
  const textId = useId();
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onStay();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onStay]);

  return (
    <div className={dialog.backdrop} onClick={onStay}>
      <div
        className={dialog.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="unsaved-prompt"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className={dialog.title}>
          {t.title}
        </h2>
        <p id={textId} className={dialog.text}>
          {t.text(label)}
        </p>
        <div className={dialog.actions}>
          <button ref={first} type="button" className="button" disabled={saving || !canSave} onClick={onSave}>
            {saving ? fa.canvas.panel.saving : t.save}
          </button>
          <button type="button" className="button button-danger" disabled={saving} onClick={onDiscard}>
            {t.discard}
          </button>
          <button type="button" className="button button-quiet" disabled={saving} onClick={onStay}>
            {t.stay}
          </button>
        </div>
      </div>
    </div>
  );
}
