// Undo and redo in the toolbar, each naming the step it would take back or
// do again, and the button for the keyboard shortcuts sheet.
import { useAtomValue, useSetAtom } from "jotai";
import { fa } from "../i18n/fa";
import { nextRedoAtom, nextUndoAtom, redoAtom, undoAtom } from "../state/canvas";
import { shortcutsOpenAtom } from "../state/canvas/shortcutsSheet";

export function HistoryButtons() {
  const nextUndo = useAtomValue(nextUndoAtom);
  const nextRedo = useAtomValue(nextRedoAtom);
  const undo = useSetAtom(undoAtom);
  const redo = useSetAtom(redoAtom);
  const openShortcuts = useSetAtom(shortcutsOpenAtom);
  const words = fa.editing;
  return (
    <>
      <button
        type="button"
        className="button button-quiet"
        disabled={!nextUndo}
        title={nextUndo ? words.undoNamed(nextUndo.label) : words.nothingToUndo}
        aria-keyshortcuts="Control+Z"
        data-testid="undo"
        onClick={() => void undo()}
      >
        {words.undo}
      </button>
      <button
        type="button"
        className="button button-quiet"
        disabled={!nextRedo}
        title={nextRedo ? words.redoNamed(nextRedo.label) : words.nothingToRedo}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        data-testid="redo"
        onClick={() => void redo()}
      >
        {words.redo}
      </button>
      <button
        type="button"
        className="button button-quiet"
        aria-keyshortcuts="Shift+?"
        onClick={() => openShortcuts(true)}
      >
        {words.shortcuts.open}
      </button>
    </>
  );
}
