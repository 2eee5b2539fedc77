// The question when a panel with unsaved edits is closed or another node is
// chosen: save (and go on), discard (and go on), or stay.
import { useRef } from "react";
import { Modal, ModalActions } from "../../components/Modal";
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
  const first = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={t.title} text={t.text(label)} onClose={onStay} alert initialFocus={first} testId="unsaved-prompt">
      <ModalActions>
        <button ref={first} type="button" className="button" disabled={saving || !canSave} onClick={onSave}>
          {saving ? fa.canvas.panel.saving : t.save}
        </button>
        <button type="button" className="button button-danger" disabled={saving} onClick={onDiscard}>
          {t.discard}
        </button>
        <button type="button" className="button button-quiet" disabled={saving} onClick={onStay}>
          {t.stay}
        </button>
      </ModalActions>
    </Modal>
  );
}
