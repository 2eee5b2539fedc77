// The "?" sheet: every keyboard shortcut of the canvas and what it does.
// A modal dialog: Escape, the close button or a click outside closes it.
import { useAtom } from "jotai";
import { Fragment, useRef } from "react";
import { Modal, ModalActions } from "../components/Modal";
import { fa } from "../i18n/fa";
import { shortcutsOpenAtom } from "../state/canvas/shortcutsSheet";
import { SHORTCUTS } from "./shortcutKeys";
import styles from "./ShortcutsSheet.module.css";

export function ShortcutsSheet() {
  const [open, setOpen] = useAtom(shortcutsOpenAtom);
  if (!open) return null;
  return <Sheet onClose={() => setOpen(false)} />;
}

function Sheet({ onClose }: { onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const words = fa.editing.shortcuts;
  return (
    <Modal title={words.title} text={words.hint} onClose={onClose} size="medium" initialFocus={closeRef} testId="shortcuts-sheet">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{words.keysLabel}</th>
            <th scope="col">{words.actionLabel}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <td className={styles.keys} dir="ltr">
                {shortcut.keys.map((combo, i) => (
                  <Fragment key={combo.join("+")}>
                    {i > 0 && <span className={styles.or}>{words.or}</span>}
                    {combo.map((key) => (
                      <kbd key={key}>{key}</kbd>
                    ))}
                  </Fragment>
                ))}
              </td>
              <td>{words.actions[shortcut.action]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ModalActions>
        <button ref={closeRef} type="button" className="button button-quiet" onClick={onClose}>
          {words.close}
        </button>
      </ModalActions>
    </Modal>
  );
}
