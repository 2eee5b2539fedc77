// The "?" sheet: every keyboard shortcut of the canvas and what it does.
// A modal dialog: Escape, the close button or a click outside closes it.
import { useAtom } from "jotai";
import { Fragment, useEffect, useId, useRef } from "react";
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
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const words = fa.editing.shortcuts;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      // Back where the person was.
      before?.focus?.();
    };
  }, [onClose]);

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="shortcuts-sheet"
        onClick={(event) => event.stopPropagation()}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {words.title}
          </h2>
          <button ref={closeRef} type="button" className="button button-quiet" onClick={onClose}>
            {words.close}
          </button>
        </header>
        <p className={styles.hint}>{words.hint}</p>
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
      </div>
    </div>
  );
}
