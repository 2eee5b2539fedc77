// Polling an assistant-creation job (spec §4): every 2 s, at most 150 times,
// until it completes (the node turns success), fails (error, with the job's
// reason) or time runs out (error, with the timeout message).
import { constants, message, pollStep } from "@dastyar/rules";
import { atom } from "jotai";
import { getJob } from "../../api/nodes";
import { toFlowNode } from "../../canvas/model";
import { notifyAtom } from "../notifications";
import { edgesAtom, jobProgressAtom, nodesAtom, projectIdAtom } from "./atoms";
import { mapNode, patchData, renameNode } from "./graph";

const { jobPollIntervalMs } = constants().timings;

/** The failed job behind a node, so that retrying it retries the job. */
export const failedJobsAtom = atom<ReadonlyMap<string, number>>(new Map<string, number>());

/** How long the poller waits between attempts (tests shorten it). */
export const pollDelay = { ms: jobPollIntervalMs };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V | undefined): Map<string, V> {
  const next = new Map(map);
  if (value === undefined) next.delete(key);
  else next.set(key, value);
  return next;
}

/** Polls job `jobId` for node `nodeId` until it settles; answers whether it completed. */
export const pollJobAtom = atom(null, async (get, set, nodeId: string, jobId: number): Promise<boolean> => {
  const projectId = get(projectIdAtom);
  set(jobProgressAtom, withEntry(get(jobProgressAtom), nodeId, 0));
  set(failedJobsAtom, withEntry(get(failedJobsAtom), nodeId, undefined));
  const settle = (text: string | null, ok: boolean) => {
    set(jobProgressAtom, withEntry(get(jobProgressAtom), nodeId, undefined));
    if (!ok) {
      set(nodesAtom, patchData(get(nodesAtom), nodeId, { creationStatus: "error" }));
      set(failedJobsAtom, withEntry(get(failedJobsAtom), nodeId, jobId));
    }
    if (text) set(notifyAtom, { kind: ok ? "success" : "error", text });
    return ok;
  };

  for (let attempt = 1; ; attempt++) {
    await sleep(pollDelay.ms);
    // The canvas was closed, or the node deleted: stop quietly.
    if (get(projectIdAtom) !== projectId || !get(nodesAtom).some((n) => n.id === nodeId)) {
      set(jobProgressAtom, withEntry(get(jobProgressAtom), nodeId, undefined));
      return false;
    }
    let status: Parameters<typeof pollStep>[0] = "processing";
    let job: Awaited<ReturnType<typeof getJob>> | null = null;
    try {
      job = await getJob(jobId);
      status = job.status;
      set(jobProgressAtom, withEntry(get(jobProgressAtom), nodeId, job.progress));
    } catch {
      // A missed poll is one attempt used; the next may get through.
    }
    switch (pollStep(status, attempt)) {
      case "succeed": {
        const result = job?.result?.node;
        if (result) {
          const saved = toFlowNode(result);
          const renamed = renameNode(get(nodesAtom), get(edgesAtom), nodeId, saved.id);
          set(nodesAtom, mapNode(renamed.nodes, saved.id, (n) => ({ ...n, data: saved.data })));
          set(edgesAtom, renamed.edges);
        } else {
          set(nodesAtom, patchData(get(nodesAtom), nodeId, { creationStatus: "success" }));
        }
        return settle(null, true);
      }
      case "fail":
        return settle(message("job_failed", { error: job?.error ?? "" }), false);
      case "time_out":
        return settle(message("job_timeout", {}), false);
      case "poll_again":
        break;
    }
  }
});
