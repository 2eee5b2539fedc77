// The files a vector store's sources bring it (GET /vectorstores/{id}/files),
// read again whenever `key` changes and on `reload`. Each answer is kept with
// the request it answers: until the current one arrives the listing is
// loading, and a late answer to an earlier request is never shown.
import type { SourceFiles } from "../../../api/types";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../../api/client";
import { vectorStoreFiles } from "../../../api/files";

export type Listing = { status: "loading" } | { status: "ready"; sources: SourceFiles[] } | { status: "failed"; message: string };

export function useSourceListing(dbId: number | null, key: string): { listing: Listing; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const request = `${dbId}:${key}:${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; listing: Listing } | null>(null);
  const listing: Listing = answer?.request === request ? answer.listing : { status: "loading" };

  useEffect(() => {
    if (dbId === null) return;
    const controller = new AbortController();
    vectorStoreFiles(dbId, controller.signal).then(
      (sources) => setAnswer({ request, listing: { status: "ready", sources } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ request, listing: { status: "failed", message: error instanceof ApiError ? error.message : String(error) } });
      },
    );
    return () => controller.abort();
  }, [dbId, request]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { listing, reload };
}
