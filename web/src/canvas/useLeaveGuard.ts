// Leaving the page (closing the tab, reloading, going elsewhere) while a
// save is on its way or a panel holds unsaved edits: the browser asks first.
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { panelDirtyAtom, savesInFlightAtom } from "../state/canvas";

export function useLeaveGuard(): void {
  const saving = useAtomValue(savesInFlightAtom) > 0;
  const dirty = useAtomValue(panelDirtyAtom);
  const guard = saving || dirty;
  useEffect(() => {
    if (!guard) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // The browser shows its own words; preventDefault is what asks.
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [guard]);
}
