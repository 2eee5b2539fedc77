// A panel's view of a knowledge node: read on opening (and whenever `key`
// says its files changed), read again every 2 s while a file is being read,
// and no more once none is or the panel closes.
import { useAtomValue, useSetAtom } from "jotai";
import { selectAtom } from "jotai/utils";
import { useCallback, useEffect, useMemo, useState } from "react";
import { knowledgeAtom, KNOWLEDGE_POLL_MS, loadKnowledgeAtom, reindexKnowledgeAtom, stillProcessing, type KnowledgeEntry } from "./knowledge";

const EMPTY: KnowledgeEntry = { status: null, error: null };

export type KnowledgeView = KnowledgeEntry & {
  /** Reads it now and polls again if needed (after a failed read). */
  reload: () => void;
  /** Queues every document to be read again, then polls; fails with the server's error. */
  reindex: () => Promise<void>;
};

export function useKnowledge(dbId: number | null, key = ""): KnowledgeView {
  const entryAtom = useMemo(() => selectAtom(knowledgeAtom, (map) => (dbId === null ? EMPTY : (map.get(dbId) ?? EMPTY))), [dbId]);
  const entry = useAtomValue(entryAtom);
  const load = useSetAtom(loadKnowledgeAtom);
  const reindexNow = useSetAtom(reindexKnowledgeAtom);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (dbId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const status = await load(dbId, controller.signal);
      if (!controller.signal.aborted && stillProcessing(status)) timer = setTimeout(() => void poll(), KNOWLEDGE_POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [dbId, key, load, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const reindex = useCallback(async () => {
    if (dbId === null) return;
    await reindexNow(dbId);
    setRound((n) => n + 1);
  }, [dbId, reindexNow]);

  return { ...entry, reload, reindex };
}
