// A panel's view of a WordPress node's site: its lists read when the panel
// opens for a node whose saved connection is complete (unless read before),
// read again on demand, and the last connection test.
import { useAtomValue, useSetAtom } from "jotai";
import { selectAtom } from "jotai/utils";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { WordpressTestResult } from "../api/types";
import { loadWordpressListsAtom, NO_LISTS, testWordpressAtom, wordpressListsAtom, wordpressTestsAtom, type SiteLists } from "./wordpressSites";

export type WordpressSiteView = SiteLists & {
  test: WordpressTestResult | null;
  /** Reads the lists again. */
  reload: () => void;
  /** Tests the saved connection (see testWordpressAtom). */
  runTest: () => Promise<WordpressTestResult>;
};

/** `ready`: the node is stored and its saved address and credentials are complete, so the site can be asked. */
export function useWordpressSite(dbId: number | null, ready: boolean): WordpressSiteView {
  const listsAtom = useMemo(() => selectAtom(wordpressListsAtom, (map) => (dbId === null ? NO_LISTS : (map.get(dbId) ?? NO_LISTS))), [dbId]);
  const testAtom = useMemo(() => selectAtom(wordpressTestsAtom, (map) => (dbId === null ? null : (map.get(dbId) ?? null))), [dbId]);
  const site = useAtomValue(listsAtom);
  const test = useAtomValue(testAtom);
  const load = useSetAtom(loadWordpressListsAtom);
  const runTestOn = useSetAtom(testWordpressAtom);
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    if (dbId === null) return;
    controller.current?.abort();
    controller.current = new AbortController();
    void load(dbId, controller.current.signal);
  }, [dbId, load]);

  // Once per node: a panel opened again shows what was read, with "read again" at hand.
  const neverRead = site.lists.categories === null && site.lists.authors === null && site.lists.tags === null;
  const firstRead = ready && neverRead && site.error === null && !site.loading;
  useEffect(() => {
    if (firstRead) reload();
  }, [firstRead, reload]);
  useEffect(() => () => controller.current?.abort(), []);

  const runTest = useCallback(async () => {
    if (dbId === null) throw new Error("an unsaved node has no site to test");
    return runTestOn(dbId);
  }, [dbId, runTestOn]);

  return { ...site, test, reload, runTest };
}
