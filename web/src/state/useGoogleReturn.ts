// The canvas page's side of a return from Google (state/googleReturn.ts):
// once the canvas is loaded, the return in the address is taken and dropped
// from it (replaced, not pushed), so a reload or Back does not show it again.
import { useAtomValue, useSetAtom } from "jotai";
import { selectAtom } from "jotai/utils";
import { useCallback, useEffect, useMemo } from "react";
import { navigate } from "../router/history";
import { canvasLoadAtom } from "./canvas/atoms";
import { googleReturnAtom, takeGoogleReturnAtom, type GoogleReturn } from "./googleReturn";

/** Takes a return from Google in the address once the canvas is ready; forgets it when the canvas closes. */
export function useGoogleReturn(): void {
  const ready = useAtomValue(canvasLoadAtom).status === "ready";
  const take = useSetAtom(takeGoogleReturnAtom);
  const forget = useSetAtom(googleReturnAtom);

  useEffect(() => {
    if (!ready) return;
    const { pathname, search, hash } = window.location;
    if (take(new URLSearchParams(search))) navigate(pathname + hash, { replace: true });
  }, [ready, take]);

  useEffect(() => () => forget(null), [forget]);
}

/** How the last return from Google ended for node `nodeId` (null when it was about another), and a way to put it away. */
export function useGoogleReturnOf(nodeId: string): { returned: GoogleReturn | null; dismiss: () => void } {
  const ofNode = useMemo(() => selectAtom(googleReturnAtom, (r) => (r?.nodeId === nodeId ? r : null)), [nodeId]);
  const returned = useAtomValue(ofNode);
  const set = useSetAtom(googleReturnAtom);
  const dismiss = useCallback(() => set((r) => (r?.nodeId === nodeId ? null : r)), [set, nodeId]);
  return { returned, dismiss };
}
